import type {
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
} from '../contracts/api.js'
import type { BlockchainApi, TokenBalance } from '../contracts/clients.js'
import type { CaipNetworkId } from '../contracts/network.js'
import * as account from './blockchain-account.js'
import * as names from './blockchain-names.js'
import * as onramp from './blockchain-onramp.js'
import * as sessions from './blockchain-sessions.js'
import * as swap from './blockchain-swap.js'
import { GatewayTransport, type HttpBlockchainApiOptions } from './blockchain-transport.js'

// The request building lives in the sibling modules, one per feature; these names stay importable from here.
export type { HttpBlockchainApiOptions } from './blockchain-transport.js'
export { supportedChainsCheck } from './supported-chains.js'

/**
 * The blockchain API client over HTTP (SPEC §7). Every call adds `st`, `sv`
 * and `projectId`; non-OK answers throw `HttpRequestError` ("HTTP status code:
 * {status}"); identity and balance answers are cached (24 h / 30 s, in this
 * instance only; `forceUpdate` skips the balance cache); identical in-flight
 * requests share one fetch; and every call except `getSupportedChains` (which
 * feeds the check) is gated by `isNetworkSupported` — swap calls then throw
 * `SwapNetworkNotSupportedError`, gas price `GasPriceNetworkNotSupportedError`,
 * the rest `UnsupportedChainError`. Name registration and session revocation
 * answer `{ success: false }` instead of throwing (SPEC §8); onramp options
 * and quotes fall back to built-in defaults / a mock quote.
 *
 * @example
 * const api = new HttpBlockchainApi({ baseUrl: 'http://127.0.0.1:8787', projectId: 'local',
 *   isNetworkSupported: (id) => supported.has(id) })
 * const { balances } = await api.getBalance({ address, chainId: 'eip155:31337' })
 */
export class HttpBlockchainApi implements BlockchainApi {
  readonly #transport: GatewayTransport

  constructor(options: HttpBlockchainApiOptions) {
    this.#transport = new GatewayTransport(options)
  }

  /** Drops the identity and balance caches (e.g. on disconnect). */
  clearCache(): void {
    this.#transport.clearCache()
  }

  /** GET /v1/supported-chains — not gated: it is what the check is built from. */
  getSupportedChains(): Promise<SupportedChainsResponse> {
    return this.#transport.http.request('GET', '/v1/supported-chains')
  }

  /**
   * GET /v1/identity/{address}?sender — cached 24 h per address+sender;
   * `forceUpdate` reads past the cache and stores the fresh answer (after a
   * name registration, a cached "no name" must not stay for a day).
   */
  async getIdentity(params: {
    address: string
    sender?: string
    forceUpdate?: boolean
  }): Promise<IdentityResponse> {
    return account.identity(this.#transport, params)
  }

  /** GET /v1/account/{account}/history?cursor&onramp&chainId */
  getTransactionHistory(params: {
    account: string
    cursor?: string
    onramp?: string
    chainId?: CaipNetworkId
  }): Promise<HistoryResponse> {
    return account.history(this.#transport, params)
  }

  /**
   * GET /v1/account/{address}/nfts?chainId&cursor&limit (Portico gateway extension): one page
   * of NFT holdings, checked field by field (`GatewayResponseInvalidError` when the answer is
   * off; image links only on the gateway's own origin). Spam collections stay hidden.
   */
  async getNfts(params: {
    account: string
    chainId?: CaipNetworkId
    cursor?: string
    limit?: number
    signal?: AbortSignal
  }): Promise<NftsResponse> {
    return account.nfts(this.#transport, params)
  }

  /** GET /v1/account/{address}/balance?currency=usd&chainId&forceUpdate — cached 30 s unless forceUpdate. */
  async getBalance(params: {
    address: string
    chainId: CaipNetworkId
    currency?: 'usd'
    forceUpdate?: string
  }): Promise<BalanceResponse> {
    return account.balance(this.#transport, params)
  }

  /** SPEC §7 getMyTokensWithBalance: the balance call's list. */
  async getMyTokensWithBalance(params: {
    address: string
    chainId: CaipNetworkId
    forceUpdate?: string
  }): Promise<TokenBalance[]> {
    return (await this.getBalance(params)).balances
  }

  /** POST /v1/fungible/price { currency: 'usd', addresses, projectId } */
  fetchPrice(params: { currency?: 'usd'; addresses: string[] }): Promise<FungiblePriceResponse> {
    return account.price(this.#transport, params)
  }

  // ── Swap ──────────────────────────────────────────────────────────────────

  /** GET /v1/convert/quotes?amount&userAddress&from&to&gasPrice */
  getSwapQuote(params: SwapQuoteRequest & { chainId?: CaipNetworkId }): Promise<SwapQuotesResponse> {
    return swap.quote(this.#transport, params)
  }

  /** GET /v1/convert/tokens?chainId */
  getSwapTokens(params: { chainId: CaipNetworkId }): Promise<SwapTokensResponse> {
    return swap.tokens(this.#transport, params)
  }

  /** GET /v1/convert/allowance?tokenAddress&userAddress */
  getSwapAllowance(params: {
    tokenAddress: string
    userAddress: string
    chainId?: CaipNetworkId
  }): Promise<SwapAllowanceResponse> {
    return swap.allowance(this.#transport, params)
  }

  /** GET /v1/convert/gas-price?chainId — "Network not supported for Gas Price" when gated. */
  getGasPrice(params: { chainId: CaipNetworkId }): Promise<GasPriceResponse> {
    return swap.gasPrice(this.#transport, params)
  }

  /**
   * POST /v1/convert/build-transaction { amount, eip155: { slippage }, projectId, from, to,
   * userAddress, disableEstimate }. Slippage defaults to SWAP_SLIPPAGE_TOLERANCE (1).
   */
  buildSwapTransaction(
    params: Omit<SwapBuildTransactionRequest, 'eip155'> & { slippage?: string; chainId?: CaipNetworkId },
  ): Promise<SwapTransactionResponse> {
    return swap.buildTransaction(this.#transport, params)
  }

  /** GET /v1/convert/build-approve?userAddress&from&to */
  buildSwapApproval(
    params: SwapBuildApproveRequest & { chainId?: CaipNetworkId },
  ): Promise<SwapTransactionResponse> {
    return swap.buildApproval(this.#transport, params)
  }

  // ── Names ─────────────────────────────────────────────────────────────────

  /** GET /v1/profile/account/{name}?apiVersion=2 — `signal` aborts it (a newer search replaced it). */
  lookupName(name: string, options: { signal?: AbortSignal } = {}): Promise<NameRecord> {
    return names.lookup(this.#transport, name, options)
  }

  /**
   * GET /v1/ens/resolve/{name}?chainId — the gateway's forward ENS lookup. Skipped with
   * `UnsupportedChainError` when `chainId` (default: the active network) is unsupported (SPEC §5).
   */
  resolveEnsName(params: {
    name: string
    chainId?: CaipNetworkId
    signal?: AbortSignal
  }): Promise<{ name: string; address: string }> {
    return names.resolveEns(this.#transport, params)
  }

  /** GET /v1/profile/reverse/{address}?sender&apiVersion=2 */
  reverseLookup(params: { address: string; sender?: string }): Promise<NameRecord[]> {
    return names.reverse(this.#transport, params)
  }

  /** GET /v1/profile/suggestions/{name}?zone — `signal` aborts it. */
  getNameSuggestions(params: {
    name: string
    zone?: string
    signal?: AbortSignal
  }): Promise<NameSuggestionsResponse> {
    return names.suggestions(this.#transport, params)
  }

  /** POST /v1/profile/account { coin_type, address, message, signature } — `{ success: false }` on any failure (SPEC §8). */
  async registerName(body: RegisterNameRequest): Promise<{ success: boolean }> {
    return names.register(this.#transport, body)
  }

  // ── Sessions ──────────────────────────────────────────────────────────────

  /** GET /v1/sessions/{id} */
  getSession(id: string): Promise<unknown> {
    return sessions.get(this.#transport, id)
  }

  /**
   * GET /v1/sessions?address=&chainId=&limit= — the active sessions of an
   * address (not cached: the "Active sessions" view shows the live list).
   * Rejects on any failure so a view can show the error and offer a retry.
   */
  listSessions(params: {
    address: string
    chainId?: CaipNetworkId
    limit?: number
  }): Promise<SessionListResponse> {
    return sessions.list(this.#transport, params)
  }

  /** POST /v1/sessions/{id}/revoke { pci, signature, nonce, deadline } — `{ success: false }` on any failure (SPEC §8). */
  async revokeSession(id: string, body: RevokeSessionRequest): Promise<{ success: boolean }> {
    return sessions.revoke(this.#transport, id, body)
  }

  // ── Onramp ────────────────────────────────────────────────────────────────

  /**
   * POST /v1/generators/onrampurl { destinationWallets, defaultNetwork, partnerUserId,
   * defaultExperience: 'buy', presetCryptoAmount, presetFiatAmount } → { url }
   */
  generateOnrampUrl(params: OnrampUrlRequest): Promise<OnrampUrlResponse> {
    return onramp.url(this.#transport, params)
  }

  /**
   * GET /v1/onramp/options — the built-in defaults when the call fails or is
   * gated (SPEC §8). Those carry `fallback: true`, so a view can say they are
   * defaults and not what the gateway offers.
   */
  async getOnrampOptions(): Promise<OnrampOptionsResponse> {
    return onramp.options(this.#transport)
  }

  /**
   * POST /v1/onramp/quote { purchaseCurrency, paymentCurrency, amount, network }
   * (plus the gateway's optional `provider`, `paymentMethod`) — on failure the
   * SPEC §8 mock quote, marked `fallback: true`: an estimate, never a price.
   */
  async getOnrampQuote(params: OnrampQuoteRequest): Promise<OnrampQuote> {
    return onramp.quote(this.#transport, params)
  }
}
