/**
 * The small fetch wrapper all three API clients share: base URL, the SPEC §7
 * `st`/`sv`/`projectId` query, JSON in and out, typed errors, in-flight
 * de-duplication, and gateway `{ code, message }` bodies mapped to alerts.
 */
import type { ApiErrorBody } from '../contracts/api.js'
import { type Alert, alertForProviderError } from '../errors/alerts.js'
import { HttpRequestError, NetworkRequestError, RequestAbortedError } from '../errors/catalogue.js'

export type QueryValue = string | number | boolean | readonly string[] | null | undefined
export type Query = Record<string, QueryValue>

export interface HttpClientOptions {
  /** Base URL, e.g. `http://127.0.0.1:8787` (a path prefix is kept). */
  baseUrl: string
  /** Added to every request's query (st, sv, projectId). */
  params?: Query
  /** Defaults to `globalThis.fetch`, read at call time. */
  fetch?: typeof fetch
  /** Called when a gateway error body carries one of the SPEC §8 provider messages. */
  onAlert?: (alert: Alert, error: HttpRequestError) => void
}

export interface RequestOptions {
  query?: Query
  body?: unknown
  signal?: AbortSignal
  /** Share one in-flight request between identical callers (default true; off when a signal is given). */
  dedupe?: boolean
  /** Extra request headers (e.g. `authorization` for a sign-in session); a request with headers is never shared. */
  headers?: Record<string, string>
}

/** Appends query values: arrays comma-joined, null/undefined skipped. */
export function buildUrl(baseUrl: string, path: string, query: Query = {}): string {
  const url = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`)
  url.pathname = `${url.pathname.replace(/\/$/, '')}/${path.replace(/^\//, '')}`
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    url.searchParams.set(key, Array.isArray(value) ? value.join(',') : String(value))
  }
  return url.toString()
}

/** Encodes one path segment (addresses, names, ids). */
export const segment = (value: string): string => encodeURIComponent(value)

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ApiErrorBody).message === 'string'
}

/**
 * One HTTP client per base URL.
 *
 * @example
 * const http = new HttpClient({ baseUrl, params: { st, sv, projectId } })
 * await http.request('GET', '/v1/supported-chains')
 */
export class HttpClient {
  readonly #options: HttpClientOptions
  readonly #inflight = new Map<string, Promise<unknown>>()

  constructor(options: HttpClientOptions) {
    this.#options = options
  }

  url(path: string, query: Query = {}): string {
    return buildUrl(this.#options.baseUrl, path, { ...this.#options.params, ...query })
  }

  /** Number of requests currently in flight (shared ones count once). */
  get inflightCount(): number {
    return this.#inflight.size
  }

  request<T>(method: 'GET' | 'POST', path: string, options: RequestOptions = {}): Promise<T> {
    const url = this.url(path, options.query)
    const body = options.body === undefined ? undefined : JSON.stringify(options.body)
    const dedupe = (options.dedupe ?? true) && !options.signal && !options.headers
    if (!dedupe) return this.#send<T>(method, url, body, options.signal, options.headers)
    const key = `${method} ${url} ${body ?? ''}`
    const existing = this.#inflight.get(key)
    if (existing) return existing as Promise<T>
    const promise = this.#send<T>(method, url, body).finally(() => this.#inflight.delete(key))
    this.#inflight.set(key, promise)
    return promise
  }

  async #send<T>(
    method: string,
    url: string,
    body: string | undefined,
    signal?: AbortSignal,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const fetchFn = this.#options.fetch ?? globalThis.fetch
    if (signal?.aborted) throw new RequestAbortedError({ cause: signal.reason })
    let response: Response
    try {
      response = await fetchFn(url, {
        method,
        headers: {
          ...headers,
          ...(body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body }),
        ...(signal ? { signal } : {}),
      })
    } catch (cause) {
      if (signal?.aborted) throw new RequestAbortedError({ cause })
      throw new NetworkRequestError({ url, cause })
    }
    if (!response.ok) {
      const errorBody = await response.json().catch(() => undefined)
      const error = new HttpRequestError(response.status, {
        url,
        ...(isApiErrorBody(errorBody) ? { body: errorBody } : {}),
      })
      const alert = isApiErrorBody(errorBody) ? alertForProviderError(errorBody.message) : undefined
      if (alert) this.#options.onAlert?.(alert, error)
      throw error
    }
    if (response.status === 204) return undefined as T
    try {
      const text = await response.text()
      return (text === '' ? undefined : JSON.parse(text)) as T
    } catch (cause) {
      if (signal?.aborted) throw new RequestAbortedError({ cause })
      throw new NetworkRequestError({ url, cause, details: 'The answer was not valid JSON' })
    }
  }
}
