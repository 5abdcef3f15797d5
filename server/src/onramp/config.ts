import Type, { type Static } from 'typebox'

const Decimal2 = Type.String({ pattern: '^[0-9]{1,9}(\\.[0-9]{1,2})?$' })
const HTTP_URL = '^https?://'

/** SPEC §3 payment currency with its per-method limits (SPEC §5 defaults). */
const PaymentCurrencySchema = Type.Object({
  id: Type.String({ pattern: '^[A-Z]{3}$' }),
  payment_method_limits: Type.Array(
    Type.Object({ id: Type.String({ pattern: '^[a-z_]{1,40}$' }), min: Decimal2, max: Decimal2 }),
    { minItems: 1 },
  ),
})

/** Fees a provider charges, as the sandbox applies them (real providers quote their own). */
const FeesSchema = Type.Object({
  /** Percentage of the payment total, e.g. `1.5`. */
  percent: Type.Number({ minimum: 0, maximum: 50, default: 1.5 }),
  /** Fixed fee in the payment currency. */
  fixed: Type.String({ pattern: '^[0-9]{1,6}(\\.[0-9]{1,2})?$', default: '0.00' }),
  /** Network fee in the payment currency. */
  network: Type.String({ pattern: '^[0-9]{1,6}(\\.[0-9]{1,2})?$', default: '0.10' }),
})

/** What every provider may override: its payment limits (else the gateway's `onramp.paymentCurrencies`). */
const common = {
  paymentCurrencies: Type.Optional(Type.Array(PaymentCurrencySchema)),
  /** Per-request time limit towards the provider's API. */
  timeoutMs: Type.Integer({ minimum: 100, default: 10_000 }),
  /** Hosts a widget URL from the provider's API may point at (default: the provider's own). */
  widgetHosts: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
}

/**
 * Order status from a real provider: its signed webhooks, and polling as a fallback for orders that
 * stay pending (a database-driven job, so any instance may poll; each order backs off on its own).
 */
const statusCommon = {
  /** Webhook timestamps further than this from the gateway's clock are refused (replays). */
  webhookToleranceMs: Type.Integer({ minimum: 1000, maximum: 3_600_000, default: 300_000 }),
  poll: Type.Object(
    {
      enabled: Type.Boolean({ default: true }),
      /** First wait after an order is created or last polled; doubled after each poll that changes nothing. */
      intervalMs: Type.Integer({ minimum: 100, default: 30_000 }),
      /** Longest wait between two polls of one order. */
      maxIntervalMs: Type.Integer({ minimum: 100, default: 3_600_000 }),
      /** Orders older than this are no longer polled (they stay pending until a webhook says more). */
      maxAgeMs: Type.Integer({ minimum: 1000, default: 7 * 86_400_000 }),
    },
    { default: {} },
  ),
}

/** The sandbox's payouts: a job in the database that any instance resumes. */
const SettlementSchema = Type.Object(
  {
    /** How long an instance holds a payout before another may take it over (it died, or hangs). */
    leaseMs: Type.Integer({ minimum: 200, default: 30_000 }),
    /** How often each instance looks for payouts to do or to take over. */
    pollIntervalMs: Type.Integer({ minimum: 20, default: 1000 }),
    /** How long to wait for a sent transfer's receipt before the attempt is given up (and retried). */
    receiptTimeoutMs: Type.Integer({ minimum: 100, default: 60_000 }),
    /** Attempts before the order fails with "The transfer was not confirmed". */
    maxAttempts: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
  },
  { default: {} },
)

export const SandboxConfigSchema = Type.Object({
  enabled: Type.Boolean({ default: false }),
  /** The EVM network the sandbox funds wallets on (CAIP-2); default the first configured EVM network. */
  network: Type.Optional(Type.String({ pattern: '^eip155:[0-9]{1,12}$' })),
  /** Key of the treasury account that pays out (devnet only: it is a hot key). */
  treasuryPrivateKey: Type.Optional(Type.String({ pattern: '^0x[0-9a-fA-F]{64}$' })),
  /** Assets sold: the symbols of the network's tokens, or its native currency's symbol. */
  assets: Type.Array(Type.String({ minLength: 1, maxLength: 32 }), { default: ['USDC', 'ETH'] }),
  fees: Type.Object(FeesSchema.properties, { default: {} }),
  /** The card number that always declines (as in the providers' test docs). */
  declineCard: Type.String({ pattern: '^[0-9]{12,19}$', default: '4000000000000002' }),
  settlement: SettlementSchema,
  ...common,
})

export const CoinbaseConfigSchema = Type.Object({
  /** CDP API key name (`organizations/{org}/apiKeys/{key}`), used as JWT `kid` and `sub`. */
  apiKeyName: Type.String({ minLength: 1 }),
  /** CDP API key secret: an EC P-256 private key in PEM (ES256). */
  apiKeyPrivateKey: Type.String({ minLength: 1 }),
  apiUrl: Type.String({ pattern: HTTP_URL, default: 'https://api.developer.coinbase.com' }),
  payUrl: Type.String({ pattern: HTTP_URL, default: 'https://pay.coinbase.com' }),
  country: Type.String({ pattern: '^[A-Z]{2}$', default: 'US' }),
  /** The `secret` of the CDP webhook subscription (signs `X-Hook0-Signature`); webhooks are refused without it. */
  webhookSecret: Type.Optional(Type.String({ minLength: 1 })),
  ...common,
  ...statusCommon,
})

export const MoonPayConfigSchema = Type.Object({
  /** Publishable key (`pk_…`). */
  apiKey: Type.String({ minLength: 1 }),
  /** Secret key (`sk_…`): signs widget URLs (HMAC-SHA256 of the query). */
  secretKey: Type.String({ minLength: 1 }),
  apiUrl: Type.String({ pattern: HTTP_URL, default: 'https://api.moonpay.com' }),
  widgetUrl: Type.String({ pattern: HTTP_URL, default: 'https://buy.moonpay.com' }),
  /** The webhook API key from MoonPay's dashboard (signs `Moonpay-Signature-V2`); webhooks are refused without it. */
  webhookKey: Type.Optional(Type.String({ minLength: 1 })),
  ...common,
  ...statusCommon,
})

export const TransakConfigSchema = Type.Object({
  apiKey: Type.String({ minLength: 1 }),
  apiSecret: Type.String({ minLength: 1 }),
  /** Partner API (access token, quotes). */
  apiUrl: Type.String({ pattern: HTTP_URL, default: 'https://api.transak.com' }),
  /** Gateway API (widget sessions). */
  gatewayUrl: Type.String({ pattern: HTTP_URL, default: 'https://api-gateway.transak.com' }),
  /** The site the widget is embedded on (Transak requires it in the session). */
  referrerDomain: Type.String({ minLength: 1, default: 'localhost' }),
  ...common,
  ...statusCommon,
})

export const MeldConfigSchema = Type.Object({
  apiKey: Type.String({ minLength: 1 }),
  apiUrl: Type.String({ pattern: HTTP_URL, default: 'https://api.meld.io' }),
  country: Type.String({ pattern: '^[A-Z]{2}$', default: 'US' }),
  /** The secret of the Meld webhook profile (signs `Meld-Signature`); webhooks are refused without it. */
  webhookSecret: Type.Optional(Type.String({ minLength: 1 })),
  ...common,
  ...statusCommon,
})

/**
 * The `onramp` section of the gateway configuration. Every real provider is
 * off until its keys are set; the sandbox is off unless `sandbox.enabled`
 * (`portico-server --devnet` turns it on with a devnet treasury).
 */
export const OnrampConfigSchema = Type.Object(
  {
    /** SPEC §5 defaults: card 10.00–7500.00, ach_bank_account 10.00–25000.00, in USD. */
    paymentCurrencies: Type.Array(PaymentCurrencySchema, {
      default: [
        {
          id: 'USD',
          payment_method_limits: [
            { id: 'card', min: '10.00', max: '7500.00' },
            { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
          ],
        },
      ],
    }),
    /** Origin the checkout links point at (default: the origin the request came to). */
    publicUrl: Type.Optional(Type.String({ pattern: HTTP_URL })),
    sandbox: Type.Object(SandboxConfigSchema.properties, { default: {} }),
    coinbase: Type.Optional(CoinbaseConfigSchema),
    moonpay: Type.Optional(MoonPayConfigSchema),
    transak: Type.Optional(TransakConfigSchema),
    meld: Type.Optional(MeldConfigSchema),
    /** How often each instance looks for pending real-provider orders that are due a status poll. */
    pollTickMs: Type.Integer({ minimum: 20, default: 5000 }),
  },
  { default: {} },
)

export type OnrampConfig = Static<typeof OnrampConfigSchema>
export type SandboxConfig = Static<typeof SandboxConfigSchema>
export type CoinbaseConfig = Static<typeof CoinbaseConfigSchema>
export type MoonPayConfig = Static<typeof MoonPayConfigSchema>
export type TransakConfig = Static<typeof TransakConfigSchema>
export type MeldConfig = Static<typeof MeldConfigSchema>
export type PaymentCurrencyConfig = Static<typeof PaymentCurrencySchema>

/**
 * Provider keys from the environment, merged into a raw `onramp` section so
 * secrets need not sit in the JSON file: `PORTICO_ONRAMP_COINBASE_KEY_NAME` +
 * `…_COINBASE_PRIVATE_KEY`, `…_MOONPAY_API_KEY` + `…_MOONPAY_SECRET_KEY`,
 * `…_TRANSAK_API_KEY` + `…_TRANSAK_API_SECRET`, `…_MELD_API_KEY`, the webhook secrets
 * `…_COINBASE_WEBHOOK_SECRET`, `…_MOONPAY_WEBHOOK_KEY`, `…_MELD_WEBHOOK_SECRET`,
 * `…_SANDBOX=1` and `…_SANDBOX_TREASURY_KEY`.
 */
export function onrampFromEnv(
  raw: unknown,
  env: Record<string, string | undefined>,
): Record<string, unknown> | undefined {
  const p = 'PORTICO_ONRAMP_'
  const out: Record<string, unknown> = raw && typeof raw === 'object' ? { ...(raw as object) } : {}
  const set = (key: string, fields: Record<string, string | undefined>) => {
    if (Object.values(fields).some((v) => v === undefined || v === '')) return
    out[key] = { ...((out[key] as object | undefined) ?? {}), ...fields }
  }
  set('coinbase', {
    apiKeyName: env[`${p}COINBASE_KEY_NAME`],
    apiKeyPrivateKey: env[`${p}COINBASE_PRIVATE_KEY`],
  })
  set('moonpay', { apiKey: env[`${p}MOONPAY_API_KEY`], secretKey: env[`${p}MOONPAY_SECRET_KEY`] })
  set('transak', { apiKey: env[`${p}TRANSAK_API_KEY`], apiSecret: env[`${p}TRANSAK_API_SECRET`] })
  set('meld', { apiKey: env[`${p}MELD_API_KEY`] })
  // Webhook secrets join a provider the file or the environment configures.
  const secret = (key: string, field: string, value: string | undefined) => {
    if (value && out[key]) out[key] = { ...(out[key] as object), [field]: value }
  }
  secret('coinbase', 'webhookSecret', env[`${p}COINBASE_WEBHOOK_SECRET`])
  secret('moonpay', 'webhookKey', env[`${p}MOONPAY_WEBHOOK_KEY`])
  secret('meld', 'webhookSecret', env[`${p}MELD_WEBHOOK_SECRET`])
  const sandbox = { ...((out.sandbox as object | undefined) ?? {}) } as Record<string, unknown>
  if (env[`${p}SANDBOX`] === '1') sandbox.enabled = true
  if (env[`${p}SANDBOX_TREASURY_KEY`]) sandbox.treasuryPrivateKey = env[`${p}SANDBOX_TREASURY_KEY`]
  if (Object.keys(sandbox).length > 0) out.sandbox = sandbox
  return Object.keys(out).length > 0 || raw !== undefined ? out : undefined
}

/**
 * The treasury of the devnet sandbox: anvil's dev account 9 (the fixture
 * deployer, holding 1,000,000 USDC and 10,000 ETH on a fresh devnet). A
 * published test key: never fund it on a real chain.
 */
export const DEVNET_TREASURY_KEY = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6'

/**
 * `--devnet`: the sandbox is on, paying from the devnet treasury, unless the configuration says
 * otherwise — when the devnet has an EVM chain to pay on (a devnet with only other namespaces has none).
 */
export function withDevnetSandbox(input: Record<string, unknown>): Record<string, unknown> {
  const networks = (input.networks ?? []) as { caipNetworkId?: unknown }[]
  const hasEvm = networks.some(
    (n) => typeof n.caipNetworkId === 'string' && n.caipNetworkId.startsWith('eip155:'),
  )
  const onramp = (input.onramp ?? {}) as Record<string, unknown>
  if (!hasEvm && !onramp.sandbox) return input
  const sandbox = (onramp.sandbox ?? {}) as Record<string, unknown>
  return {
    ...input,
    onramp: {
      ...onramp,
      sandbox: { enabled: true, treasuryPrivateKey: DEVNET_TREASURY_KEY, ...sandbox },
    },
  }
}
