import { SDK_TYPE, SDK_VERSION } from '../constants/index.js'
import type { CaipNetworkId } from '../contracts/network.js'
import type { Alert } from '../errors/alerts.js'
import type { PorticoError } from '../errors/base.js'
import {
  GasPriceNetworkNotSupportedError,
  type HttpRequestError,
  SwapNetworkNotSupportedError,
  UnsupportedChainError,
} from '../errors/catalogue.js'
import { HttpClient, type Query } from './http.js'

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

/** Which error a refused network raises: swap and gas-price calls each have their own. */
export type GateKind = 'default' | 'swap' | 'gasPrice'

/**
 * What every `HttpBlockchainApi` call goes through: the HTTP client that adds
 * `st`, `sv` and `projectId`, the unsupported-network gate and the cache of
 * one client instance. The endpoint modules (`blockchain-*.ts`) build their
 * requests on it; it is internal to the core and not exported from the package.
 */
export class GatewayTransport {
  readonly http: HttpClient
  readonly options: HttpBlockchainApiOptions
  readonly #cache = new Map<string, CacheEntry>()

  constructor(options: HttpBlockchainApiOptions) {
    this.options = options
    this.http = new HttpClient({
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

  clearCache(): void {
    this.#cache.clear()
  }

  async gate(chainId: CaipNetworkId | undefined, kind: GateKind = 'default'): Promise<void> {
    const check = this.options.isNetworkSupported
    const id = chainId ?? this.options.getActiveNetworkId?.()
    if (!check || !id) return
    if (await check(id)) return
    const errors: Record<GateKind, () => PorticoError> = {
      default: () => new UnsupportedChainError({ caipNetworkId: id }),
      swap: () => new SwapNetworkNotSupportedError({ details: id }),
      gasPrice: () => new GasPriceNetworkNotSupportedError({ details: id }),
    }
    throw errors[kind]()
  }

  async get<T>(
    path: string,
    query: Query,
    chainId?: CaipNetworkId,
    kind?: GateKind,
    signal?: AbortSignal,
  ): Promise<T> {
    await this.gate(chainId, kind)
    return this.http.request<T>('GET', path, { query, ...(signal ? { signal } : {}) })
  }

  async post<T>(path: string, body: unknown, chainId?: CaipNetworkId, kind?: GateKind): Promise<T> {
    await this.gate(chainId, kind)
    return this.http.request<T>('POST', path, { body })
  }

  async cached<T>(key: string, ttl: number, skip: boolean, load: () => Promise<T>): Promise<T> {
    const now = (this.options.now ?? Date.now)()
    const hit = this.#cache.get(key)
    if (!skip && hit && hit.expires > now) return hit.value as T
    const value = await load()
    this.#cache.set(key, { value, expires: (this.options.now ?? Date.now)() + ttl })
    return value
  }
}
