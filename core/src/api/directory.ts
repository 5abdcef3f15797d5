import { SDK_TYPE, SDK_VERSION } from '../constants/index.js'
import type {
  AllowedOriginsResponse,
  AnalyticsConfigResponse,
  ProjectConfigResponse,
  WalletListRequest,
  WalletListResponse,
} from '../contracts/api.js'
import type { WalletDirectoryApi } from '../contracts/clients.js'
import type { Alert } from '../errors/alerts.js'
import type { HttpRequestError } from '../errors/catalogue.js'
import { HttpClient, segment } from './http.js'

/** The wallet-directory paths (SPEC §7 does not name them; these are the gateway's). */
export const DIRECTORY_PATHS = {
  wallets: '/v1/wallets',
  projectConfig: '/v1/project/config',
  allowedOrigins: '/v1/project/allowed-origins',
  analyticsConfig: '/v1/project/analytics-config',
  /** `{kind}` is wallet | network | connector | token | currency. */
  image: '/v1/images/{kind}/{id}',
} as const

export type ImageKind = 'wallet' | 'network' | 'connector' | 'token' | 'currency'

export interface WalletDirectoryClientOptions {
  /** Base URL of the directory service (the gateway). */
  baseUrl: string
  projectId: string
  sdkType?: string
  sdkVersion?: string
  fetch?: typeof fetch
  /** Gateway error bodies with a SPEC §8 provider message show their alert through this. */
  onAlert?: (alert: Alert, error: HttpRequestError) => void
}

/**
 * The wallet-directory client (SPEC §7): the wallets list with page, entries,
 * include, exclude, chains, search and badge_type (arrays comma-joined), the
 * project config, allowed origins, analytics config, and image URLs. Every
 * request carries `projectId`, `st` and `sv`; `getWallets` is abortable (an
 * aborted call rejects with `RequestAbortedError`, "Request was aborted").
 *
 * @example
 * const directory = new WalletDirectoryClient({ baseUrl, projectId: 'local' })
 * const ctrl = new AbortController()
 * const page = await directory.getWallets({ page: 1, entries: WALLETS_PER_PAGE, search: 'dev' }, ctrl.signal)
 */
export class WalletDirectoryClient implements WalletDirectoryApi {
  readonly #http: HttpClient

  constructor(options: WalletDirectoryClientOptions) {
    this.#http = new HttpClient({
      baseUrl: options.baseUrl,
      params: {
        projectId: options.projectId,
        st: options.sdkType ?? SDK_TYPE,
        sv: options.sdkVersion ?? SDK_VERSION,
      },
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.onAlert ? { onAlert: options.onAlert } : {}),
    })
  }

  getWallets(params: WalletListRequest, signal?: AbortSignal): Promise<WalletListResponse> {
    return this.#http.request('GET', DIRECTORY_PATHS.wallets, {
      query: {
        page: params.page,
        entries: params.entries,
        include: params.include?.length ? params.include : undefined,
        exclude: params.exclude?.length ? params.exclude : undefined,
        chains: params.chains?.length ? params.chains : undefined,
        search: params.search || undefined,
        badge_type: params.badge_type,
      },
      ...(signal ? { signal } : {}),
    })
  }

  getProjectConfig(signal?: AbortSignal): Promise<ProjectConfigResponse> {
    return this.#http.request('GET', DIRECTORY_PATHS.projectConfig, signal ? { signal } : {})
  }

  getAllowedOrigins(signal?: AbortSignal): Promise<AllowedOriginsResponse> {
    return this.#http.request('GET', DIRECTORY_PATHS.allowedOrigins, signal ? { signal } : {})
  }

  getAnalyticsConfig(signal?: AbortSignal): Promise<AnalyticsConfigResponse> {
    return this.#http.request('GET', DIRECTORY_PATHS.analyticsConfig, signal ? { signal } : {})
  }

  /** URL of an image by id (no request is made; the browser loads it). */
  getImageUrl(kind: ImageKind, imageId: string): string {
    return this.#http.url(DIRECTORY_PATHS.image.replace('{kind}', kind).replace('{id}', segment(imageId)))
  }
}
