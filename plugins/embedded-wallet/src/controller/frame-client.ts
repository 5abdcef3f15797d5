import {
  ALERTS,
  type AlertState,
  AuthInitializationError,
  EMBEDDED_IFRAME_LOAD_TIMEOUT_MS,
  EMBEDDED_REQUEST_TIMEOUT_MS,
  PorticoError,
  RequestAbortedError,
} from '@portico/core'
import {
  type FrameErrorInfo,
  type FramePayload,
  frameRequest,
  PROTOCOL_TAG,
  parseFrameMessage,
} from '../protocol.js'

const isProtocolShaped = (data: unknown) =>
  typeof data === 'object' && data !== null && (data as { portico?: unknown }).portico === PROTOCOL_TAG

/** A refusal the frame (or the gateway behind it) answered; `code` kept for the adapter's mapping. */
export class EmbeddedFrameError extends PorticoError {
  override name = 'EmbeddedFrameError'
  readonly status: number | undefined
  constructor(info: FrameErrorInfo) {
    super(info.message, { code: info.code })
    this.status = info.status
  }
}

/** The frame did not load (SPEC §9: 20 s) or did not answer (120 s). */
export class EmbeddedTimeoutError extends PorticoError {
  override name = 'EmbeddedTimeoutError'
  constructor(readonly alert: AlertState) {
    super(alert.shortMessage, { code: alert.code })
  }
}

export interface FrameClientOptions {
  /** Signer origin base URL (`http://127.0.0.1:8788`). */
  frameUrl: string
  projectId: string
  document: Document
  loadTimeoutMs?: number
  requestTimeoutMs?: number
  /** The modal's locale (BCP 47): the frame's passphrase and approval cards speak it. */
  locale?: string
  onAlert(alert: AlertState): void
}

/** A request's time-out: SPEC §9's by default, another (`null`: none), and whether the frame's own UI pauses it. */
export interface FrameRequestOptions {
  timeoutMs?: number | null
  /**
   * Keep counting while the frame shows its own card (default false: a card
   * waits on the visitor, so its time restarts when the card closes). True
   * where the card only shows a wait on something else: the Farcaster QR card
   * waits on the visitor's Farcaster app, within SPEC §9's request time-out.
   */
  timeoutWhileUi?: boolean
}

export interface FrameClient {
  request(payload: FramePayload, opts?: FrameRequestOptions): Promise<unknown>
  destroy(): void
}

/**
 * Mounts the signer frame (hidden until it asks for the visitor's approval)
 * and talks to it: exact target origin, replies accepted only from that
 * origin and that iframe's window, request ids, schema checks.
 */
export function createFrameClient(options: FrameClientOptions): FrameClient {
  const doc = options.document
  const win = doc.defaultView
  if (!win) throw new AuthInitializationError({ details: 'no window' })
  const frameOrigin = new URL(options.frameUrl).origin
  const iframe = doc.createElement('iframe')
  const locale =
    options.locale && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/.test(options.locale)
      ? options.locale
      : undefined
  iframe.src = `${frameOrigin}/frame?${new URLSearchParams({
    projectId: options.projectId,
    origin: win.location.origin,
    ...(locale ? { locale } : {}),
  })}`
  iframe.title = 'Portico secure signer'
  // The export card's Copy button writes the key to the clipboard from inside the frame.
  iframe.allow = 'clipboard-write'
  iframe.dataset.porticoSigner = ''
  Object.assign(iframe.style, {
    position: 'fixed',
    inset: '0',
    width: '100%',
    height: '100%',
    border: '0',
    zIndex: '2147483000',
    // As the frame's own root (`light dark`): an iframe whose used color scheme differs from its
    // document's gets an opaque backdrop, which blacked the whole page out under a dark system theme.
    colorScheme: 'light dark',
    display: 'none',
  })
  type Pending = {
    resolve(v: unknown): void
    reject(e: unknown): void
    timer?: ReturnType<typeof setTimeout>
    /** Starts (again) the request's SPEC time-out; undefined for untimed requests. */
    arm?: () => void
    /** The frame's UI does not pause this request's time-out. */
    timeoutWhileUi?: boolean
  }
  const pending = new Map<string, Pending>()
  let readyResolve!: () => void
  let readyReject!: (e: unknown) => void
  const ready = new Promise<void>((resolve, reject) => {
    readyResolve = resolve
    readyReject = reject
  })
  ready.catch(() => {}) // observed by every request; an unobserved rejection would only duplicate the alert
  const loadTimer = setTimeout(() => {
    const alert = { ...ALERTS.NETWORK_ERROR, severity: 'error' as const }
    options.onAlert(alert)
    readyReject(new EmbeddedTimeoutError(alert))
  }, options.loadTimeoutMs ?? EMBEDDED_IFRAME_LOAD_TIMEOUT_MS)

  let wasInert = false
  const onMessage = (e: MessageEvent) => {
    // Another window or origin is ignored, whatever it sends; one speaking our protocol is logged
    // (other postMessage traffic on a dApp page is none of our business).
    if (e.origin !== frameOrigin || e.source !== iframe.contentWindow) {
      if (isProtocolShaped(e.data))
        console.warn(
          `[portico] embedded wallet: ignored a signer-shaped message from ${e.origin || 'an opaque origin'}`,
        )
      return
    }
    const m = parseFrameMessage(e.data)
    if (!m) return
    if (m.kind === 'ready') {
      clearTimeout(loadTimer)
      readyResolve()
    } else if (m.kind === 'ui') {
      iframe.style.display = m.visible ? 'block' : 'none'
      // While the frame shows its own UI the visitor is acting (a passphrase, an approval): the
      // request waits on them, not on a stalled frame, so its time-out starts again when the UI closes.
      for (const p of pending.values()) {
        if (p.timeoutWhileUi) continue
        clearTimeout(p.timer)
        if (!m.visible) p.arm?.()
      }
      if (m.visible) {
        // An open modal makes the rest of the page inert; the approval must stay clickable above it.
        wasInert = iframe.hasAttribute('inert')
        iframe.removeAttribute('inert')
        iframe.focus()
      } else if (wasInert) iframe.setAttribute('inert', '')
    } else {
      const p = pending.get(m.id)
      if (!p) return
      pending.delete(m.id)
      clearTimeout(p.timer)
      if (m.kind === 'reply') p.resolve(m.result)
      else p.reject(new EmbeddedFrameError(m.error))
    }
  }
  win.addEventListener('message', onMessage)
  doc.body.append(iframe)

  return {
    async request(payload, opts = {}) {
      await ready
      const target = iframe.contentWindow
      if (!target) throw new RequestAbortedError()
      const id = crypto.randomUUID()
      const timeoutMs =
        opts.timeoutMs === undefined
          ? (options.requestTimeoutMs ?? EMBEDDED_REQUEST_TIMEOUT_MS)
          : opts.timeoutMs
      return new Promise((resolve, reject) => {
        const entry: Pending = { resolve, reject, ...(opts.timeoutWhileUi ? { timeoutWhileUi: true } : {}) }
        if (timeoutMs !== null) {
          entry.arm = () => {
            entry.timer = setTimeout(() => {
              pending.delete(id)
              const alert = { ...ALERTS.EMBEDDED_WALLET_REQUEST_TIMED_OUT, severity: 'error' as const }
              options.onAlert(alert)
              reject(new EmbeddedTimeoutError(alert))
            }, timeoutMs)
          }
          entry.arm()
        }
        pending.set(id, entry)
        target.postMessage(frameRequest(id, payload), frameOrigin)
      })
    },
    destroy() {
      clearTimeout(loadTimer)
      win.removeEventListener('message', onMessage)
      for (const p of pending.values()) {
        clearTimeout(p.timer)
        p.reject(new RequestAbortedError())
      }
      pending.clear()
      readyReject(new RequestAbortedError())
      iframe.remove()
    },
  }
}
