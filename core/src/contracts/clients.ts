import type { TokenBalance } from './account.js'
import type {
  AllowedOriginsResponse,
  AnalyticsConfigResponse,
  BalanceResponse,
  FungiblePriceResponse,
  GasPriceResponse,
  HistoryResponse,
  IdentityResponse,
  NameRecord,
  NameSuggestionsResponse,
  NftsResponse,
  OnrampOptionsResponse,
  OnrampQuote,
  OnrampQuoteRequest,
  OnrampUrlRequest,
  OnrampUrlResponse,
  ProjectConfigResponse,
  RegisterNameRequest,
  RevokeSessionRequest,
  SessionListResponse,
  SupportedChainsResponse,
  SwapAllowanceResponse,
  SwapBuildApproveRequest,
  SwapBuildTransactionRequest,
  SwapQuoteRequest,
  SwapQuotesResponse,
  SwapTokensResponse,
  SwapTransactionResponse,
  WalletListRequest,
  WalletListResponse,
} from './api.js'
import type { CaipNetworkId } from './network.js'

/**
 * The blockchain API client (SPEC §7). `HttpBlockchainApi` implements it over
 * fetch; every call adds st/sv/projectId and is gated by the unsupported-network check.
 */
export interface BlockchainApi {
  getSupportedChains(): Promise<SupportedChainsResponse>
  /** `forceUpdate` reads past the client's identity cache (after a registration). */
  getIdentity(params: { address: string; sender?: string; forceUpdate?: boolean }): Promise<IdentityResponse>
  getTransactionHistory(params: {
    account: string
    cursor?: string
    onramp?: string
    chainId?: CaipNetworkId
  }): Promise<HistoryResponse>
  /** Portico gateway extension: one page of the account's NFTs (absent on clients without it). */
  getNfts?(params: {
    account: string
    chainId?: CaipNetworkId
    cursor?: string
    limit?: number
    signal?: AbortSignal
  }): Promise<NftsResponse>
  getBalance(params: {
    address: string
    chainId: CaipNetworkId
    currency?: 'usd'
    forceUpdate?: string
  }): Promise<BalanceResponse>
  fetchPrice(params: { currency?: 'usd'; addresses: string[] }): Promise<FungiblePriceResponse>
  /** `signal` aborts the request (the client then rejects with `RequestAbortedError`). */
  lookupName(name: string, options?: { signal?: AbortSignal }): Promise<NameRecord>
  reverseLookup(params: { address: string; sender?: string }): Promise<NameRecord[]>
  /**
   * Portico gateway extension: forward ENS resolution (`alice.eth` → address)
   * on `chainId`'s ENS; gated like every call, so nothing is asked on an
   * unsupported network (SPEC §5). 404 when no address is set.
   */
  resolveEnsName?(params: {
    name: string
    chainId?: CaipNetworkId
    signal?: AbortSignal
  }): Promise<{ name: string; address: string }>
  getNameSuggestions(params: {
    name: string
    zone?: string
    signal?: AbortSignal
  }): Promise<NameSuggestionsResponse>
  registerName(body: RegisterNameRequest): Promise<{ success: boolean }>
  getSession(id: string): Promise<unknown>
  /**
   * The active (not revoked, not expired) smart sessions of `address` in the
   * project, optionally on one chain; rejects with the gateway's typed error
   * (an error is not an empty list).
   */
  listSessions?(params: {
    address: string
    chainId?: CaipNetworkId
    limit?: number
  }): Promise<SessionListResponse>
  revokeSession(id: string, body: RevokeSessionRequest): Promise<{ success: boolean }>
  /** SPEC §7 getMyTokensWithBalance: the balance list of `address` on `chainId`. */
  getMyTokensWithBalance?(params: {
    address: string
    chainId: CaipNetworkId
    forceUpdate?: string
  }): Promise<TokenBalance[]>
  /** Swap (/v1/convert/*): optional capabilities — `HttpBlockchainApi` has them all. */
  getSwapQuote?(params: SwapQuoteRequest & { chainId?: CaipNetworkId }): Promise<SwapQuotesResponse>
  getSwapTokens?(params: { chainId: CaipNetworkId }): Promise<SwapTokensResponse>
  getSwapAllowance?(params: {
    tokenAddress: string
    userAddress: string
    chainId?: CaipNetworkId
  }): Promise<SwapAllowanceResponse>
  getGasPrice?(params: { chainId: CaipNetworkId }): Promise<GasPriceResponse>
  buildSwapTransaction?(
    params: Omit<SwapBuildTransactionRequest, 'eip155'> & { slippage?: string; chainId?: CaipNetworkId },
  ): Promise<SwapTransactionResponse>
  buildSwapApproval?(
    params: SwapBuildApproveRequest & { chainId?: CaipNetworkId },
  ): Promise<SwapTransactionResponse>
  /** Onramp: optional capabilities — `HttpBlockchainApi` has them all. */
  generateOnrampUrl?(params: OnrampUrlRequest): Promise<OnrampUrlResponse>
  /** Falls back to built-in default options when the call fails (SPEC §8). */
  getOnrampOptions?(): Promise<OnrampOptionsResponse>
  /** Falls back to a mock quote with every amount equal to the input when the call fails (SPEC §8). */
  getOnrampQuote?(params: OnrampQuoteRequest): Promise<OnrampQuote>
}

/** The wallet-directory client. */
export interface WalletDirectoryApi {
  getWallets(params: WalletListRequest, signal?: AbortSignal): Promise<WalletListResponse>
  getProjectConfig(): Promise<ProjectConfigResponse>
  getAllowedOrigins(): Promise<AllowedOriginsResponse>
  getAnalyticsConfig(): Promise<AnalyticsConfigResponse>
  /** URL of a wallet / network / connector / token / currency image by id. */
  getImageUrl(kind: 'wallet' | 'network' | 'connector' | 'token' | 'currency', imageId: string): string
}

/** The analytics client: POST /e, only when the feature is on; failures ignored. */
export interface AnalyticsApi {
  sendEvent(event: string, props?: Record<string, unknown>): void
  sendError(error: unknown, event: string): void
}

export interface ApiClients {
  blockchain: BlockchainApi
  directory: WalletDirectoryApi
  analytics: AnalyticsApi
}

export type { TokenBalance }
