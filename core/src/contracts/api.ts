/**
 * HTTP contract shared by the core's API clients and @portico/server (the
 * gateway). Paths, query and body names follow SPEC §7. Every request also
 * carries `st` (sdk type), `sv` (sdk version) and `projectId`.
 */
import type { TokenBalance } from './account.js'
import type { CaipNetworkId } from './network.js'

/** Query parameters added to every blockchain API call. */
export interface SdkParams {
  st: string
  sv: string
  projectId: string
}

/** GET /v1/supported-chains */
export interface SupportedChainsResponse {
  http: CaipNetworkId[]
  ws: CaipNetworkId[]
}

/** GET /v1/identity/{address}?sender — SPEC §3 Identity. */
export interface IdentityResponse {
  name: string | null
  avatar: string | null
}

/** GET /v1/account/{address}/balance?currency=usd&chainId&forceUpdate */
export interface BalanceResponse {
  balances: TokenBalance[]
}

export interface HistoryTransfer {
  direction: 'in' | 'out' | 'self'
  quantity: { numeric: string }
  /** Fungible transfers (native or ERC-20 / SPL). */
  fungible_info?: { name: string; symbol: string; icon?: { url: string } }
  /**
   * NFT transfers; `flags.is_spam` is the SPEC §3 spam flag. `content.preview.url`
   * is the gateway's own image link (its image proxy), never the token's URI.
   */
  nft_info?: {
    name?: string
    flags: { is_spam: boolean }
    content?: { preview?: { url: string } }
    /** Collection name as the contract reports it. */
    collection?: string
    /** Contract address (lowercase). */
    contract?: string
    /** Token id, decimal. */
    token_id?: string
    standard?: 'erc721' | 'erc1155'
  }
  value?: number
  price?: number
}

/** SPEC §3 Transaction-history item. */
export interface HistoryItem {
  id: string
  metadata: {
    /** ISO-8601 time the transaction was mined. */
    minedAt: string
    /** CAIP-2 network id. */
    chain: CaipNetworkId
    hash: string
    sentFrom: string
    sentTo: string
    status: 'confirmed' | 'failed' | 'pending'
    operationType: 'send' | 'receive' | 'execute' | 'mint' | 'trade' | 'approve'
    /** The network fee the account paid for this transaction, when the gateway reads it (Cosmos, Polkadot). */
    fee?: { numeric: string; symbol: string }
    /** Set on the onramp orders that `?onramp=<provider|all>` adds to the history. */
    onramp?: OnrampHistoryInfo
  }
  transfers: HistoryTransfer[]
}

/** An onramp order as a history item carries it (`metadata.onramp`). */
export interface OnrampHistoryInfo {
  orderId: string
  provider: string
  status: 'pending' | 'completed' | 'failed'
  paymentAmount: string | null
  paymentCurrency: string
  purchaseAmount: string | null
  purchaseCurrency: string
  failureReason: string | null
}

/** GET /v1/account/{account}/history?cursor&onramp&chainId */
export interface HistoryResponse {
  data: HistoryItem[]
  next: string | null
}

/** POST /v1/fungible/price { currency, addresses, projectId } */
export interface FungiblePriceRequest {
  currency: 'usd'
  /** CAIP-10 token addresses. */
  addresses: string[]
  projectId: string
}
export interface FungiblePriceResponse {
  fungibles: { name: string; symbol: string; iconUrl?: string; price: number; address: string }[]
}

/** GET /v1/profile/account/{name}?apiVersion=2 */
export interface NameRecord {
  name: string
  registered: number
  updated: number
  /** coin type (as string) → address */
  addresses: Record<string, { address: string; created: number }>
  attributes: Record<string, string>
}

/** GET /v1/profile/suggestions/{name}?zone */
export interface NameSuggestionsResponse {
  suggestions: { name: string; registered: boolean }[]
}

/** POST /v1/profile/account */
export interface RegisterNameRequest {
  coin_type: number
  address: string
  /** JSON text binding name, address and timestamp (see the server's README). */
  message: string
  signature: string
}

/**
 * The JSON text signed (personal_sign) as `RegisterNameRequest.message`: it
 * binds the name, the address and the time. @portico/server refuses another
 * address, a timestamp outside its window (10 min by default), a reused
 * signature and a name held by another address.
 */
export interface RegisterNameMessage {
  /** Full name in the gateway's zone, e.g. `alice.portico.id`. */
  name: string
  address: string
  /** Epoch milliseconds. */
  timestamp: number
  attributes?: Record<string, string>
}

/** GET /v1/sessions/{id} on @portico/server. */
export interface SessionResponse {
  id: string
  projectId: string
  address: string
  pci: string
  chainId: CaipNetworkId
  permissions: unknown
  createdAt: number
  expiry: number
  status: 'active' | 'expired' | 'revoked'
  revokedAt: number | null
}

/**
 * What a revocation signature covers: the session as the gateway answers it
 * plus the request's one-time `nonce` and `deadline` (epoch ms).
 */
export interface SessionRevokeFields {
  id: string
  projectId: string
  address: string
  chainId: string
  pci: string
  permissions: unknown
  expiry: number
  nonce: string
  deadline: number
}

/** GET /v1/sessions?address=&chainId=&limit= on @portico/server: the address's active sessions, soonest expiry first. */
export interface SessionListResponse {
  sessions: SessionResponse[]
  /** True when more active sessions exist than the answer holds (at most 100). */
  truncated: boolean
}

/** POST /v1/sessions/{id}/revoke — SPEC §3 Smart session revocation. */
export interface RevokeSessionRequest {
  pci: string
  /** The owner's EIP-712 signature over the gateway's `SessionRevoke` typed data (every field below and the session's). */
  signature: string
  /** One-time value chosen by the client: a signed revocation is accepted once. */
  nonce: string
  /** Epoch ms after which the signed revocation is refused (the gateway takes at most 10 minutes ahead). */
  deadline: number
}

/** SPEC §3 Wallet directory entry. */
export interface WalletDirectoryEntry {
  id: string
  name: string
  image_id: string
  image_url?: string
  mobile_link?: string | null
  desktop_link?: string | null
  webapp_link?: string | null
  rdns?: string | null
  chains?: CaipNetworkId[]
  /** Set by the modal when an installed (EIP-6963 / Wallet Standard) wallet matches by rdns. */
  installed?: boolean
}

/**
 * A wallet the directory recommends to a visitor with none installed. Every
 * field comes from a directory entry checked here: the name is plain text
 * (render it as text), `installUrl` is an https URL or absent.
 */
export interface RecommendedWallet {
  id: string
  name: string
  /** Where to get the wallet: the entry's first https link (web app, desktop, mobile). */
  installUrl?: string
}

/** GET wallets list: page, entries, include, exclude, chains, search, badge_type */
export interface WalletListRequest {
  page: number
  entries: number
  include?: string[]
  exclude?: string[]
  chains?: CaipNetworkId[]
  search?: string
  badge_type?: 'none' | 'certified'
}
export interface WalletListResponse {
  count: number
  data: WalletDirectoryEntry[]
}

export interface ProjectConfigResponse {
  id: string
  name: string
  features: Record<string, boolean>
}
export interface AllowedOriginsResponse {
  allowedOrigins: string[]
}
export interface AnalyticsConfigResponse {
  isAnalyticsEnabled: boolean
}

/** POST /e body (SPEC §7 Analytics). */
export interface AnalyticsEventBody {
  eventId: string
  url: string
  domain: string
  timestamp: number
  props: Record<string, unknown> & { event: string; address?: string }
}

/** Error body of every non-2xx gateway answer. */
export interface ApiErrorBody {
  code: string
  message: string
}

// ── Swap (SPEC §7 /v1/convert/*) ─────────────────────────────────────────────

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

// ── Onramp (SPEC §3, §7) ─────────────────────────────────────────────────────

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

/** NFT metadata as the gateway read it: the token's own fields, or why it could not be read (never a guess). */
export type NftMetadata =
  | {
      status: 'ok'
      name: string | null
      description: string | null
      /** The gateway's own `/v1/nft-image/…` link (never the token owner's URL), or null when the token has none. */
      image: string | null
    }
  | { status: 'unavailable'; reason: string }

/** One NFT holding (Portico gateway extension, `GET /v1/account/{address}/nfts`). */
export interface NftItem {
  chainId: CaipNetworkId
  contract: string
  standard: 'erc721' | 'erc1155'
  /** Decimal text. */
  tokenId: string
  /** Items held, decimal text (always `1` for ERC-721). */
  amount: string
  collection: { name: string | null; symbol: string | null }
  metadata: NftMetadata
  flags: { is_spam: boolean }
}

/** GET /v1/account/{address}/nfts?chainId&cursor&limit&spam */
export interface NftsResponse {
  data: NftItem[]
  next: string | null
}
