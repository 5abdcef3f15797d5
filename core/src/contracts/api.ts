/**
 * HTTP contract shared by the core's API clients and @portico/server (the
 * gateway). Paths, query and body names follow SPEC §7. Every request also
 * carries `st` (sdk type), `sv` (sdk version) and `projectId`.
 */
import type { TokenBalance } from './account.js'
import type { CaipNetworkId } from './network.js'

// The contract is split by feature; every name stays importable from here.
export type * from './api-history.js'
export type * from './api-names.js'
export type * from './api-nfts.js'
export type * from './api-onramp.js'
export type * from './api-sessions.js'
export type * from './api-swap.js'

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
