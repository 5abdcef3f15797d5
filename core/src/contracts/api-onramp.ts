/**
 * Onramp over HTTP (SPEC §3, §7): the currencies on offer, quotes and the
 * provider's buy URL. Part of the contract in `api.ts`.
 */

/** SPEC §3 Onramp purchase currency. */
export interface OnrampPurchaseCurrency {
  id: string
  name: string
  symbol: string
  networks: { name: string; display_name: string; chain_id: string; contract_address: string }[]
}
/** SPEC §3 Payment currency. */
export interface OnrampPaymentCurrency {
  id: string
  payment_method_limits: { id: string; min: string; max: string }[]
}
/** GET /v1/onramp/options */
export interface OnrampOptionsResponse {
  purchaseCurrencies: OnrampPurchaseCurrency[]
  paymentCurrencies: OnrampPaymentCurrency[]
  /** The providers a gateway offers (Portico gateway extension). */
  providers?: { id: string; name: string }[]
  /** True on the built-in defaults used when the call failed (SPEC §8): not the gateway's answer. */
  fallback?: true
}
/** POST /v1/onramp/quote */
export interface OnrampQuoteRequest {
  purchaseCurrency: OnrampPurchaseCurrency
  paymentCurrency: OnrampPaymentCurrency
  amount: string
  network?: string
  /** Which provider quotes (Portico gateway extension; default the gateway's first). */
  provider?: string
  /** SPEC §5 payment method id (`card`, `ach_bank_account`); default card. */
  paymentMethod?: string
}
export interface OnrampAmount {
  amount: string
  currency: string
}
/** SPEC §3 Quote. */
export interface OnrampQuote {
  coinbaseFee: OnrampAmount
  networkFee: OnrampAmount
  paymentSubtotal: OnrampAmount
  paymentTotal: OnrampAmount
  purchaseAmount: OnrampAmount
  quoteId: string
  /** The provider that quoted (Portico gateway extension). */
  provider?: string
  /** True on the mock quote used when the call failed (SPEC §8): an estimate, not a price. */
  fallback?: true
}
/** POST /v1/generators/onrampurl (the client adds `defaultExperience: 'buy'`). */
export interface OnrampUrlRequest {
  destinationWallets: { address: string; blockchains?: string[]; assets?: string[] }[]
  defaultNetwork?: string
  partnerUserId: string
  presetCryptoAmount?: number
  presetFiatAmount?: number
  /** Portico gateway extensions: provider, fiat currency id and SPEC §5 payment method. */
  provider?: string
  paymentCurrency?: string
  paymentMethod?: string
}
export interface OnrampUrlResponse {
  url: string
  /** The gateway's order id, to follow the buy in the history (Portico gateway extension). */
  orderId?: string
  provider?: string
}
