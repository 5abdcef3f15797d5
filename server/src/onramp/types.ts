import type { OnrampAmount, OnrampOptionsResponse, OnrampPurchaseCurrency } from '@portico/core'
import type { PaymentCurrencyConfig } from './config.js'
import type { OnrampOrder } from './orders.js'

/** A quote request as the gateway hands it to a provider, after validation and limit checks. */
export interface QuoteInput {
  purchaseCurrency: string
  paymentCurrency: string
  paymentMethod: string
  /** Fiat amount, a decimal string with at most 2 decimals. */
  amount: string
  /** The purchase network's name (`ethereum`, `base`, …) or chain id, when given. */
  network?: string
}

/** A provider's quote, in the SPEC §3 shape (`coinbaseFee` is the provider's fee). */
export interface ProviderQuote {
  coinbaseFee: OnrampAmount
  networkFee: OnrampAmount
  paymentSubtotal: OnrampAmount
  paymentTotal: OnrampAmount
  purchaseAmount: OnrampAmount
  quoteId: string
}

/** What the gateway asks a provider to open: a buy for one wallet. */
export interface UrlInput {
  orderId: string
  address: string
  /** The network names of the destination wallet (e.g. `ethereum`), as the caller gave them. */
  blockchains: string[]
  /** Purchase currency symbol (e.g. `USDC`). */
  asset: string
  paymentCurrency: string
  paymentMethod: string
  presetFiatAmount?: string
  presetCryptoAmount?: string
  defaultNetwork?: string
  partnerUserId: string
  /** Origin of the gateway as the caller reached it (sandbox checkout links). */
  origin: string
}

/**
 * One onramp provider behind the gateway. Real providers turn these calls
 * into requests to their APIs (keys from the configuration); the sandbox
 * answers itself. Every method may throw an `ApiError` (bad input) or a
 * `ProviderError` (the provider failed).
 */
export interface OnrampProvider {
  readonly id: string
  readonly name: string
  /** The payment limits the gateway enforces for this provider (its own, else the gateway's). */
  paymentLimits(): readonly PaymentCurrencyConfig[]
  /** Currencies this provider sells and the fiat it takes, with limits. */
  options(): Promise<OnrampOptionsResponse>
  quote(input: QuoteInput): Promise<ProviderQuote>
  /** The widget (or checkout) URL to open for this buy. */
  url(input: UrlInput): Promise<string>
  /**
   * Verifies a webhook exactly as the provider documents it and reads the order update it carries.
   * Throws an `ApiError` (401 bad or stale signature, 400 malformed, 404 not configured) otherwise.
   */
  webhook?(request: WebhookRequest): Promise<StatusUpdate>
  /** Asks the provider's API for the order's status (the polling fallback); undefined when it knows none yet. */
  status?(order: OnrampOrder): Promise<StatusUpdate | undefined>
  /** Whether the polling fallback is on for this provider, and its back-off. */
  readonly poll?: { enabled: boolean; intervalMs: number; maxIntervalMs: number; maxAgeMs: number }
}

/** A webhook as it reached the gateway: the raw body bytes (signatures cover them) and the public URL. */
export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>
  body: Buffer
  /** The URL the provider posted to, as it sees it (Meld signs it). */
  url: string
  now: number
}

/** What a provider says about one of the gateway's orders, from a webhook or a poll. */
export interface StatusUpdate {
  /** The gateway's order id, as the provider echoes it (`externalTransactionId`, `partnerOrderId`, …). */
  orderId: string
  status: 'pending' | 'completed' | 'failed'
  /** When the provider says this state began (ms): an update older than the stored one changes nothing. */
  at: number
  /** The provider's own id of the transaction. */
  externalId?: string
  txHash?: string
  failureReason?: string
  purchaseAmount?: string
}

/** A provider's API answered badly or not at all (the gateway answers 502). */
export class ProviderError extends Error {
  override name = 'ProviderError'
  constructor(
    readonly provider: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${provider}: ${message}`, options)
  }
}

export type { OnrampPurchaseCurrency }
