import { ERROR_REPORT_LIMIT, ERROR_REPORT_WINDOW_MS, SDK_TYPE, SDK_VERSION } from '../constants/index.js'
import type { AnalyticsEventBody } from '../contracts/api.js'
import type { AnalyticsApi } from '../contracts/clients.js'
import { ALERTS, type Alert } from '../errors/alerts.js'
import { HttpRequestError } from '../errors/catalogue.js'
import { HttpClient } from './http.js'

/** Never sent (SPEC §7). */
export const UNSENT_ANALYTICS_EVENTS: ReadonlySet<string> = /* @__PURE__ */ new Set(['MODAL_CREATED'])

export interface AnalyticsClientOptions {
  /** Base URL of the analytics host; events go to `POST {baseUrl}/e`. */
  baseUrl: string
  projectId: string
  sdkType?: string
  sdkVersion?: string
  /** The analytics feature flag, read on every send (SPEC §7: sent only when on). */
  enabled: boolean | (() => boolean)
  /** The connected address added to every event's props. */
  getAddress?: () => string | undefined
  /**
   * Page URL; defaults to `globalThis.location.href`, read at send time (never at import).
   * Only its origin and path are sent (see `analyticsPageUrl`).
   */
  getUrl?: () => string | undefined
  /** Shows an alert; called once with Invalid App Configuration on the first HTTP 403. */
  onAlert?: (alert: Alert) => void
  fetch?: typeof fetch
  now?: () => number
  /** Event id generator; defaults to `crypto.randomUUID`. */
  createId?: () => string
}

function randomId(): string {
  const c = globalThis.crypto
  if (typeof c?.randomUUID === 'function') return c.randomUUID()
  const bytes = new Uint8Array(16)
  if (typeof c?.getRandomValues === 'function') c.getRandomValues(bytes)
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * The analytics client (SPEC §7): `POST /e?projectId&st&sv` with body
 * `{ eventId, url, domain, timestamp, props }`, where props are the event data
 * plus `event` and the connected `address`. Nothing is sent while the feature
 * is off, MODAL_CREATED is never sent, failures are ignored (the promise
 * always resolves), error reports are limited to 5 per 60 s, and the first
 * HTTP 403 shows the Invalid App Configuration alert — once per client.
 *
 * @example
 * const analytics = new AnalyticsClient({ baseUrl, projectId, enabled: () => state.features.analytics })
 * portico.on('MODAL_OPEN', (e) => analytics.sendEvent('MODAL_OPEN', e))
 */
export class AnalyticsClient implements AnalyticsApi {
  readonly #http: HttpClient
  readonly #options: AnalyticsClientOptions
  #errorTimes: number[] = []
  #forbiddenShown = false

  constructor(options: AnalyticsClientOptions) {
    this.#options = options
    this.#http = new HttpClient({
      baseUrl: options.baseUrl,
      params: {
        projectId: options.projectId,
        st: options.sdkType ?? SDK_TYPE,
        sv: options.sdkVersion ?? SDK_VERSION,
      },
      ...(options.fetch ? { fetch: options.fetch } : {}),
    })
  }

  #enabled(): boolean {
    const { enabled } = this.#options
    return typeof enabled === 'function' ? enabled() : enabled
  }

  #now(): number {
    return (this.#options.now ?? Date.now)()
  }

  /** Sends one event; resolves when done (or skipped), never rejects. */
  sendEvent(event: string, props: Record<string, unknown> = {}): Promise<void> {
    if (!this.#enabled() || UNSENT_ANALYTICS_EVENTS.has(event)) return Promise.resolve()
    return this.#post(event, props)
  }

  /**
   * Reports an error as an event with `type: 'error'`, `event`, `errorType`,
   * `errorMessage` and `stackTrace`. At most 5 reports per 60 s are sent; the
   * rest are dropped.
   */
  sendError(error: unknown, event: string): Promise<void> {
    if (!this.#enabled()) return Promise.resolve()
    const now = this.#now()
    this.#errorTimes = this.#errorTimes.filter((t) => now - t < ERROR_REPORT_WINDOW_MS)
    if (this.#errorTimes.length >= ERROR_REPORT_LIMIT) return Promise.resolve()
    this.#errorTimes.push(now)
    const e = error instanceof Error ? error : undefined
    return this.#post(event, {
      type: 'error',
      errorType: e?.name ?? typeof error,
      errorMessage: e ? e.message : String(error),
      stackTrace: e?.stack,
    })
  }

  async #post(event: string, data: Record<string, unknown>): Promise<void> {
    try {
      const page = analyticsPageUrl(this.#options.getUrl ? this.#options.getUrl() : globalThis.location?.href)
      const url = page?.url
      const domain = page?.domain ?? ''
      const address = this.#options.getAddress?.()
      const body: AnalyticsEventBody = {
        eventId: (this.#options.createId ?? randomId)(),
        url: url ?? '',
        domain,
        timestamp: this.#now(),
        props: { ...data, event, ...(address ? { address } : {}) },
      }
      await this.#http.request('POST', '/e', { body, dedupe: false })
    } catch (error) {
      if (error instanceof HttpRequestError && error.status === 403 && !this.#forbiddenShown) {
        this.#forbiddenShown = true
        this.#options.onAlert?.(ALERTS.INVALID_APP_CONFIGURATION)
      }
    }
  }
}

/**
 * The page URL as analytics may send it: origin + path only. The query and the
 * fragment are where OAuth codes, tokens and invite links live, so they never
 * leave the page. An unparsable URL is not sent at all.
 *
 * @example
 * analyticsPageUrl('https://app.example/cb?code=abc#token=x') // { url: 'https://app.example/cb', domain: 'app.example' }
 */
export function analyticsPageUrl(href: string | undefined): { url: string; domain: string } | undefined {
  if (!href) return undefined
  try {
    const u = new URL(href)
    return { url: `${u.origin}${u.pathname}`, domain: u.hostname }
  } catch {
    return undefined
  }
}
