import {
  BALANCE_CACHE_TTL_MS,
  IDENTITY_CACHE_TTL_MS,
  SDK_TYPE,
  SDK_VERSION,
  SWAP_SLIPPAGE_TOLERANCE,
} from '../constants/index.js'
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
import type { Alert } from '../errors/alerts.js'
import type { PorticoError } from '../errors/base.js'
import {
  GasPriceNetworkNotSupportedError,
  type HttpRequestError,
  SwapNetworkNotSupportedError,
  UnsupportedChainError,
} from '../errors/catalogue.js'
import { HttpClient, type Query, segment } from './http.js'
import { parseNftsResponse } from './nfts.js'
import { defaultOnrampOptions, mockOnrampQuote } from './onramp-defaults.js'

export interface HttpBlockchainApiOptions {
  /** Base URL of a gateway implementing SPEC §7, e.g. `http://127.0.0.1:8787`. */
  baseUrl: string
  projectId: string
  /** `st`; default `portico`. */
  sdkType?: string
  /** `sv`; default the core version. */
  sdkVersion?: string
  /** The unsupported-network check that gates every call (SPEC §6). Absent → every network passes. */
  isNetworkSupported?: (caipNetworkId: CaipNetworkId) => boolean | Promise<boolean>
  /** The active network, checked for calls that carry no chainId (identity, names, sessions, onramp). */
  getActiveNetworkId?: () => CaipNetworkId | undefined
  /** Gateway error bodies with a SPEC §8 provider message show their alert through this. */
  onAlert?: (alert: Alert, error: HttpRequestError) => void
  fetch?: typeof fetch
  /** Clock for the caches (tests). */
  now?: () => number
}

interface CacheEntry {
  value: unknown
  expires: number
}

type GateKind = 'default' | 'swap' | 'gasPrice'

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
  readonly #http: HttpClient
  readonly #options: HttpBlockchainApiOptions
  readonly #cache = new Map<string, CacheEntry>()

  constructor(options: HttpBlockchainApiOptions) {
    this.#options = options
    this.#http = new HttpClient({
      baseUrl: options.baseUrl,
      params: {
        st: options.sdkType ?? SDK_TYPE,
        sv: options.sdkVersion ?? SDK_VERSION,
        projectId: options.projectId,
      },
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.onAlert ? { onAlert: options.onAlert } : {}),
    })
  }

  /** Drops the identity and balance caches (e.g. on disconnect). */
  clearCache(): void {
    this.#cache.clear()
  }

  async #gate(chainId: CaipNetworkId | undefined, kind: GateKind = 'default'): Promise<void> {
    const check = this.#options.isNetworkSupported
    const id = chainId ?? this.#options.getActiveNetworkId?.()
    if (!check || !id) return
    if (await check(id)) return
    const errors: Record<GateKind, () => PorticoError> = {
      default: () => new UnsupportedChainError({ caipNetworkId: id }),
      swap: () => new SwapNetworkNotSupportedError({ details: id }),
      gasPrice: () => new GasPriceNetworkNotSupportedError({ details: id }),
    }
    throw errors[kind]()
  }

  async #get<T>(
    path: string,
    query: Query,
    chainId?: CaipNetworkId,
    kind?: GateKind,
    signal?: AbortSignal,
  ): Promise<T> {
    await this.#gate(chainId, kind)
    return this.#http.request<T>('GET', path, { query, ...(signal ? { signal } : {}) })
  }

  async #post<T>(path: string, body: unknown, chainId?: CaipNetworkId, kind?: GateKind): Promise<T> {
    await this.#gate(chainId, kind)
    return this.#http.request<T>('POST', path, { body })
  }

  async #cached<T>(key: string, ttl: number, skip: boolean, load: () => Promise<T>): Promise<T> {
    const now = (this.#options.now ?? Date.now)()
    const hit = this.#cache.get(key)
    if (!skip && hit && hit.expires > now) return hit.value as T
    const value = await load()
    this.#cache.set(key, { value, expires: (this.#options.now ?? Date.now)() + ttl })
    return value
  }

  /** GET /v1/supported-chains — not gated: it is what the check is built from. */
  getSupportedChains(): Promise<SupportedChainsResponse> {
    return this.#http.request('GET', '/v1/supported-chains')
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
    await this.#gate(undefined)
    return this.#cached(
      `identity:${params.address}:${params.sender ?? ''}`,
      IDENTITY_CACHE_TTL_MS,
      params.forceUpdate === true,
      () =>
        this.#http.request('GET', `/v1/identity/${segment(params.address)}`, {
          query: { sender: params.sender },
        }),
    )
  }

  /** GET /v1/account/{account}/history?cursor&onramp&chainId */
  getTransactionHistory(params: {
    account: string
    cursor?: string
    onramp?: string
    chainId?: CaipNetworkId
  }): Promise<HistoryResponse> {
    return this.#get(
      `/v1/account/${segment(params.account)}/history`,
      { cursor: params.cursor, onramp: params.onramp, chainId: params.chainId },
      params.chainId,
    )
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
    const body = await this.#get<unknown>(
      `/v1/account/${segment(params.account)}/nfts`,
      {
        chainId: params.chainId,
        cursor: params.cursor,
        limit: params.limit === undefined ? undefined : String(params.limit),
      },
      params.chainId,
      undefined,
      params.signal,
    )
    return parseNftsResponse(body, new URL(this.#options.baseUrl).origin)
  }

  /** GET /v1/account/{address}/balance?currency=usd&chainId&forceUpdate — cached 30 s unless forceUpdate. */
  async getBalance(params: {
    address: string
    chainId: CaipNetworkId
    currency?: 'usd'
    forceUpdate?: string
  }): Promise<BalanceResponse> {
    // The check runs before the cache, so a cached answer is never served on a now-unsupported network.
    await this.#gate(params.chainId)
    const currency = params.currency ?? 'usd'
    return this.#cached(
      `balance:${params.address}:${params.chainId}:${currency}`,
      BALANCE_CACHE_TTL_MS,
      params.forceUpdate !== undefined,
      () =>
        this.#http.request('GET', `/v1/account/${segment(params.address)}/balance`, {
          query: { currency, chainId: params.chainId, forceUpdate: params.forceUpdate },
        }),
    )
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
    return this.#post('/v1/fungible/price', {
      currency: params.currency ?? 'usd',
      addresses: params.addresses,
      projectId: this.#options.projectId,
    })
  }

  // ── Swap ──────────────────────────────────────────────────────────────────

  /** GET /v1/convert/quotes?amount&userAddress&from&to&gasPrice */
  getSwapQuote(params: SwapQuoteRequest & { chainId?: CaipNetworkId }): Promise<SwapQuotesResponse> {
    const { chainId, ...query } = params
    return this.#get('/v1/convert/quotes', { ...query }, chainId ?? networkOf(params.from), 'swap')
  }

  /** GET /v1/convert/tokens?chainId */
  getSwapTokens(params: { chainId: CaipNetworkId }): Promise<SwapTokensResponse> {
    return this.#get('/v1/convert/tokens', { chainId: params.chainId }, params.chainId, 'swap')
  }

  /** GET /v1/convert/allowance?tokenAddress&userAddress */
  getSwapAllowance(params: {
    tokenAddress: string
    userAddress: string
    chainId?: CaipNetworkId
  }): Promise<SwapAllowanceResponse> {
    return this.#get(
      '/v1/convert/allowance',
      { tokenAddress: params.tokenAddress, userAddress: params.userAddress },
      params.chainId ?? networkOf(params.tokenAddress),
      'swap',
    )
  }

  /** GET /v1/convert/gas-price?chainId — "Network not supported for Gas Price" when gated. */
  getGasPrice(params: { chainId: CaipNetworkId }): Promise<GasPriceResponse> {
    return this.#get('/v1/convert/gas-price', { chainId: params.chainId }, params.chainId, 'gasPrice')
  }

  /**
   * POST /v1/convert/build-transaction { amount, eip155: { slippage }, projectId, from, to,
   * userAddress, disableEstimate }. Slippage defaults to SWAP_SLIPPAGE_TOLERANCE (1).
   */
  buildSwapTransaction(
    params: Omit<SwapBuildTransactionRequest, 'eip155'> & { slippage?: string; chainId?: CaipNetworkId },
  ): Promise<SwapTransactionResponse> {
    const body: SwapBuildTransactionRequest & { projectId: string } = {
      amount: params.amount,
      eip155: { slippage: params.slippage ?? String(SWAP_SLIPPAGE_TOLERANCE) },
      projectId: this.#options.projectId,
      from: params.from,
      to: params.to,
      userAddress: params.userAddress,
      disableEstimate: params.disableEstimate ?? false,
    }
    return this.#post('/v1/convert/build-transaction', body, params.chainId ?? networkOf(params.from), 'swap')
  }

  /** GET /v1/convert/build-approve?userAddress&from&to */
  buildSwapApproval(
    params: SwapBuildApproveRequest & { chainId?: CaipNetworkId },
  ): Promise<SwapTransactionResponse> {
    const { chainId, ...query } = params
    return this.#get('/v1/convert/build-approve', { ...query }, chainId ?? networkOf(params.from), 'swap')
  }

  // ── Names ─────────────────────────────────────────────────────────────────

  /** GET /v1/profile/account/{name}?apiVersion=2 — `signal` aborts it (a newer search replaced it). */
  lookupName(name: string, options: { signal?: AbortSignal } = {}): Promise<NameRecord> {
    return this.#get(
      `/v1/profile/account/${segment(name)}`,
      { apiVersion: 2 },
      undefined,
      undefined,
      options.signal,
    )
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
    return this.#get(
      `/v1/ens/resolve/${segment(params.name)}`,
      { chainId: params.chainId },
      params.chainId,
      undefined,
      params.signal,
    )
  }

  /** GET /v1/profile/reverse/{address}?sender&apiVersion=2 */
  reverseLookup(params: { address: string; sender?: string }): Promise<NameRecord[]> {
    return this.#get(`/v1/profile/reverse/${segment(params.address)}`, {
      sender: params.sender,
      apiVersion: 2,
    })
  }

  /** GET /v1/profile/suggestions/{name}?zone — `signal` aborts it. */
  getNameSuggestions(params: {
    name: string
    zone?: string
    signal?: AbortSignal
  }): Promise<NameSuggestionsResponse> {
    return this.#get(
      `/v1/profile/suggestions/${segment(params.name)}`,
      { zone: params.zone },
      undefined,
      undefined,
      params.signal,
    )
  }

  /** POST /v1/profile/account { coin_type, address, message, signature } — `{ success: false }` on any failure (SPEC §8). */
  async registerName(body: RegisterNameRequest): Promise<{ success: boolean }> {
    try {
      const answer = await this.#post<{ success?: boolean } | undefined>('/v1/profile/account', {
        coin_type: body.coin_type,
        address: body.address,
        message: body.message,
        signature: body.signature,
      })
      return { success: answer?.success !== false }
    } catch {
      return { success: false }
    }
  }

  // ── Sessions ──────────────────────────────────────────────────────────────

  /** GET /v1/sessions/{id} */
  getSession(id: string): Promise<unknown> {
    return this.#get(`/v1/sessions/${segment(id)}`, {})
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
    return this.#get('/v1/sessions', {
      address: params.address,
      chainId: params.chainId,
      limit: params.limit === undefined ? undefined : String(params.limit),
    })
  }

  /** POST /v1/sessions/{id}/revoke { pci, signature, nonce, deadline } — `{ success: false }` on any failure (SPEC §8). */
  async revokeSession(id: string, body: RevokeSessionRequest): Promise<{ success: boolean }> {
    try {
      const answer = await this.#post<{ success?: boolean } | undefined>(
        `/v1/sessions/${segment(id)}/revoke`,
        {
          pci: body.pci,
          signature: body.signature,
          nonce: body.nonce,
          deadline: body.deadline,
        },
      )
      return { success: answer?.success !== false }
    } catch {
      return { success: false }
    }
  }

  // ── Onramp ────────────────────────────────────────────────────────────────

  /**
   * POST /v1/generators/onrampurl { destinationWallets, defaultNetwork, partnerUserId,
   * defaultExperience: 'buy', presetCryptoAmount, presetFiatAmount } → { url }
   */
  generateOnrampUrl(params: OnrampUrlRequest): Promise<OnrampUrlResponse> {
    return this.#post('/v1/generators/onrampurl', {
      destinationWallets: params.destinationWallets,
      defaultNetwork: params.defaultNetwork,
      partnerUserId: params.partnerUserId,
      defaultExperience: 'buy',
      presetCryptoAmount: params.presetCryptoAmount,
      presetFiatAmount: params.presetFiatAmount,
      provider: params.provider,
      paymentCurrency: params.paymentCurrency,
      paymentMethod: params.paymentMethod,
    })
  }

  /**
   * GET /v1/onramp/options — the built-in defaults when the call fails or is
   * gated (SPEC §8). Those carry `fallback: true`, so a view can say they are
   * defaults and not what the gateway offers.
   */
  async getOnrampOptions(): Promise<OnrampOptionsResponse> {
    try {
      return await this.#get<OnrampOptionsResponse>('/v1/onramp/options', {})
    } catch {
      return { ...defaultOnrampOptions(), fallback: true }
    }
  }

  /**
   * POST /v1/onramp/quote { purchaseCurrency, paymentCurrency, amount, network }
   * (plus the gateway's optional `provider`, `paymentMethod`) — on failure the
   * SPEC §8 mock quote, marked `fallback: true`: an estimate, never a price.
   */
  async getOnrampQuote(params: OnrampQuoteRequest): Promise<OnrampQuote> {
    try {
      return await this.#post<OnrampQuote>('/v1/onramp/quote', {
        purchaseCurrency: params.purchaseCurrency,
        paymentCurrency: params.paymentCurrency,
        amount: params.amount,
        network: params.network,
        provider: params.provider,
        paymentMethod: params.paymentMethod,
      })
    } catch {
      return { ...mockOnrampQuote(params), fallback: true }
    }
  }
}

/** The CAIP-2 network of a CAIP-10 token address, so swap calls are gated on the tokens' own network. */
function networkOf(caip10: string): CaipNetworkId | undefined {
  const parts = caip10.split(':')
  return parts.length === 3 && parts[0] && parts[1] ? (`${parts[0]}:${parts[1]}` as CaipNetworkId) : undefined
}

/**
 * Builds an `isNetworkSupported` check from GET /v1/supported-chains (fetched
 * once, refetched after a failure). While the list cannot be loaded every
 * network passes, so an unreachable list never blocks the app by itself.
 *
 * @example
 * const api = new HttpBlockchainApi({ baseUrl, projectId })
 * const gated = new HttpBlockchainApi({ baseUrl, projectId, isNetworkSupported: supportedChainsCheck(api) })
 */
export function supportedChainsCheck(
  api: Pick<BlockchainApi, 'getSupportedChains'>,
): (caipNetworkId: CaipNetworkId) => Promise<boolean> {
  let list: Promise<Set<string> | undefined> | undefined
  return async (caipNetworkId) => {
    list ??= api.getSupportedChains().then(
      (r) => new Set([...(r.http ?? []), ...(r.ws ?? [])]),
      () => {
        list = undefined
        return undefined
      },
    )
    const set = await list
    return set ? set.has(caipNetworkId) : true
  }
}
