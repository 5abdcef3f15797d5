import type { OnrampAmount, OnrampOptionsResponse, OnrampPurchaseCurrency } from '@portico/core'
import type { PaymentCurrencyConfig } from './config.js'

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
