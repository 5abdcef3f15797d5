import Type, { type Static } from 'typebox'

/**
 * Where a project's payment webhooks go: the site's back end. The secret signs each delivery
 * (HMAC-SHA256, see docs/pay.md); the URL is the operator's own configuration, never a value a
 * request names.
 */
export const ProjectPaymentsConfigSchema = Type.Object(
  {
    webhookUrl: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$', maxLength: 2048 })),
    webhookSecret: Type.Optional(Type.String({ minLength: 16, maxLength: 256 })),
  },
  { additionalProperties: false },
)

/** Payments (`/v1/payments`): how often open payments are re-read from the chain, how webhooks retry. */
export const PaymentsConfigSchema = Type.Object(
  {
    /** How often the gateway re-reads open payments (confirmations, transactions nobody reported). */
    watchIntervalMs: Type.Integer({ minimum: 50, maximum: 3_600_000, default: 5_000 }),
    /** Confirmations a payment needs when its creator names none. */
    defaultConfirmations: Type.Integer({ minimum: 1, maximum: 1000, default: 1 }),
    webhooks: Type.Object(
      {
        pollIntervalMs: Type.Integer({ minimum: 50, maximum: 3_600_000, default: 2_000 }),
        /** First retry after this long, doubling each attempt up to maxBackoffMs. */
        backoffMs: Type.Integer({ minimum: 10, maximum: 3_600_000, default: 10_000 }),
        maxBackoffMs: Type.Integer({ minimum: 10, maximum: 86_400_000, default: 3_600_000 }),
        maxAttempts: Type.Integer({ minimum: 1, maximum: 100, default: 15 }),
        timeoutMs: Type.Integer({ minimum: 100, maximum: 120_000, default: 10_000 }),
        /** A delivery in flight is held this long; an instance that died mid-delivery frees it after. */
        leaseMs: Type.Integer({ minimum: 100, maximum: 3_600_000, default: 60_000 }),
      },
      { default: {} },
    ),
  },
  { default: {} },
)

export type PaymentsConfig = Static<typeof PaymentsConfigSchema>
