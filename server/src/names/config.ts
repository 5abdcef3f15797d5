import Type from 'typebox'

/** ENS identities, `portico.id` name registrations and CCIP-read. */
export const NamesConfigSchema = Type.Object(
  {
    zone: Type.String({ default: 'portico.id' }),
    /** Registration messages older (or further in the future) than this are stale. */
    maxMessageAgeMs: Type.Integer({ minimum: 1000, default: 10 * 60_000 }),
    /** CAIP-2 network whose ENS answers identities that name no chain (default: the first network with ENS). */
    ensNetwork: Type.Optional(Type.String({ pattern: '^eip155:[0-9]{1,12}$' })),
    /** Time limit of one ENS identity lookup (name and avatar); past it the identity is empty. */
    ensTimeoutMs: Type.Integer({ minimum: 1, default: 3000 }),
    /**
     * CCIP-read (EIP-3668) for ENS: `false` (default) never follows an
     * offchain lookup; a list allows gateway URLs whose origin is exactly
     * one entry's origin and whose path lies under its path
     * (`https://ccip.example.com/`), no others; fetched through the egress filter.
     */
    ccipRead: Type.Union(
      [Type.Literal(false), Type.Array(Type.String({ pattern: '^https://[^\\s]+$' }), { maxItems: 32 })],
      { default: false },
    ),
  },
  { default: {} },
)
