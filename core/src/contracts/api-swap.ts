/**
 * Swap over HTTP (SPEC §7 /v1/convert/*): quotes, tradable tokens, allowance,
 * gas price and the built transactions. Token addresses are CAIP-10. Part of
 * the contract in `api.ts`.
 */

/** GET /v1/convert/quotes?amount&userAddress&from&to&gasPrice — `from`/`to` are CAIP-10 token addresses. */
export interface SwapQuoteRequest {
  amount: string
  userAddress: string
  from: string
  to: string
  gasPrice: string
}
export interface SwapQuote {
  id?: string
  fromAmount: string
  fromAccount: string
  toAmount: string
  toAccount: string
  /** Portico gateway: the CAIP-10 tokens the route walks. */
  path?: string[]
  /** Portico gateway: pool fees (in the token entering each pool) and the network fee (native, at an assumed gas). */
  fees?: SwapQuoteFee[]
}
/** One fee of a quote; amounts are integer units of `token` (CAIP-10). */
export interface SwapQuoteFee {
  kind: 'pool' | 'network'
  token: string
  amount: string
  percent?: string
  gasLimit?: string
  gasPrice?: string
}
export interface SwapQuotesResponse {
  quotes: SwapQuote[]
}

/** A token the swap service can trade (GET /v1/convert/tokens?chainId). */
export interface SwapToken {
  name: string
  symbol: string
  /** CAIP-10 token address. */
  address: string
  decimals: number
  logoUri?: string
  eip2612?: boolean
  /** USD price of one unit, when the service knows it. */
  price?: number
}
export interface SwapTokensResponse {
  tokens: SwapToken[]
}

/** GET /v1/convert/allowance?tokenAddress&userAddress */
export interface SwapAllowanceResponse {
  allowance: string
}

/** GET /v1/convert/gas-price?chainId (answer not shown in the SPEC; this is the shape we use). */
export interface GasPriceResponse {
  standard: string
  fast: string
  instant: string
}

/** POST /v1/convert/build-transaction body (plus `projectId`, added by the client). */
export interface SwapBuildTransactionRequest {
  amount: string
  eip155: { slippage: string }
  from: string
  to: string
  userAddress: string
  disableEstimate?: boolean
}
/** A built swap / approval transaction (answer not shown in the SPEC; this is the shape we use). */
export interface SwapTransactionResponse {
  tx: {
    from: string
    to: string
    data: string
    /** Native value, integer units as a decimal string. */
    amount: string
    /** The same native value under the name approval answers use. */
    value?: string
    eip155?: { gas: string; gasPrice: string }
  }
  /** Portico gateway (build-transaction): the quoted output, the minimum at the slippage, the deadline (unix s). */
  toAmount?: string
  toAmountMin?: string
  deadline?: string
}
/** GET /v1/convert/build-approve?userAddress&from&to */
export interface SwapBuildApproveRequest {
  userAddress: string
  from: string
  to: string
  /** Approve exactly this much (integer units); unlimited without it. */
  amount?: string
}
