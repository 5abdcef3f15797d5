import { IMAGE_PRELOAD_TIMEOUT_MS, isPairingExpired, type Portico } from '@portico/core'
import { usePortico } from '@portico/react'
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import type { WalletConnectConnector, WalletConnectState } from '../connector/index.js'
import { getWalletConnectInstance, type WalletConnectInstance } from '../plugin.js'

/** The plugin's record on the instance of the nearest `PorticoProvider`; throws when the plugin is absent. */
export function useWalletConnect(): { portico: Portico; instance: WalletConnectInstance } {
  const portico = usePortico()
  const instance = getWalletConnectInstance(portico)
  if (!instance) throw new Error('walletConnectPlugin() is not installed on this Portico instance')
  return { portico, instance }
}

export function useConnectorState(connector: WalletConnectConnector): WalletConnectState {
  return useSyncExternalStore(connector.subscribe, connector.getState, connector.getState)
}

/**
 * Starts the connection through the core (`portico.connect('walletConnect')`)
 * and keeps a fresh pairing URI on screen: the connector's URI is reused while
 * more than 10 s remain and replaced before that (SPEC §4). `retry` reconnects
 * (the connector reuses the cached URI when the pairing is still valid).
 */
export function usePairing(portico: Portico, connector: WalletConnectConnector) {
  const state = useConnectorState(connector)
  const [error, setError] = useState<unknown>(undefined)
  const started = useRef(false)

  const start = useCallback(() => {
    setError(undefined)
    const namespace = portico.getState().activeNamespace ?? connector.connectors[0]?.chain
    portico.connect(connector.id, { namespace }).then(
      () => {
        const { router, modal } = portico.getState()
        if (modal.open && router.view.startsWith('ConnectingWalletConnect')) portico.router.reset('Account')
      },
      (e: unknown) => setError(e),
    )
    connector.getUri().catch((e: unknown) => setError(e))
  }, [portico, connector])

  useEffect(() => {
    if (started.current) return
    started.current = true
    start()
  }, [start])

  // Refresh the QR before it goes stale (checked every second while pairing).
  useEffect(() => {
    if (state.status !== 'pairing') return
    const timer = setInterval(() => {
      if (isPairingExpired(connector.getState().expiresAt)) connector.getUri().catch(() => undefined)
    }, 1000)
    return () => clearInterval(timer)
  }, [connector, state.status])

  return { state, error: error ?? state.error, retry: start }
}

/** Only data: and http(s) image URLs are rendered. */
export function safeSrc(src: string | undefined): string | undefined {
  return src && /^(https?:|data:image\/)/i.test(src) ? src : undefined
}

/**
 * Image URLs this page has already loaded: a row that scrolls (or a search)
 * back into view shows its image at once, with no second preload and no
 * placeholder flash. Bounded, oldest dropped first.
 */
const loadedImages = new Set<string>()
const LOADED_IMAGES_MAX = 2_000
function rememberLoaded(src: string) {
  loadedImages.add(src)
  if (loadedImages.size > LOADED_IMAGES_MAX) {
    const oldest = loadedImages.values().next().value
    if (oldest !== undefined) loadedImages.delete(oldest)
  }
}

/**
 * Image preloads wait for the next task: the rows a click or a keystroke
 * brings are painted first (React runs the effects of such a render before
 * the browser paints), and a row scrolled past before then starts no request
 * at all. While a list scrolls they wait until it has been still for
 * `IMAGE_SCROLL_SETTLE_MS` (see `holdImagePreloads`): a fling through the
 * directory loads, parses and paints no image for the rows it only passes.
 * Each image keeps its own timer (no shared queue a lost timer could stall).
 */
let heldUntil = 0
/** How long a list must be still before the images of its rows are requested. */
export const IMAGE_SCROLL_SETTLE_MS = 120
/** Called on each scroll of a list of wallet images: their preloads wait until it settles. */
export function holdImagePreloads(): void {
  heldUntil = Date.now() + IMAGE_SCROLL_SETTLE_MS
}
function startSoon(start: () => void): () => void {
  let timer: ReturnType<typeof setTimeout>
  const tick = () => {
    const wait = heldUntil - Date.now()
    if (wait > 0) timer = setTimeout(tick, wait)
    else start()
  }
  timer = setTimeout(tick, Math.max(0, heldUntil - Date.now()))
  return () => clearTimeout(timer)
}

/**
 * A wallet image that loads lazily: preloaded off-screen, shown when loaded,
 * and replaced by a placeholder (the name's initial) on error or after the
 * 2 s preload time-out (SPEC §9). An image already loaded in this page shows
 * at once.
 */
export function WalletImage({ src, name, size }: { src: string | undefined; name: string; size?: 'lg' }) {
  const safe = safeSrc(src)
  const known = safe !== undefined && loadedImages.has(safe)
  // The status belongs to one src: a row element handed another wallet (All Wallets reuses its
  // row elements) starts from that wallet's own status in the same render, with no stale image.
  const [shown, setShown] = useState<{ src: string | undefined; status: ImageStatus }>(() => ({
    src: safe,
    status: known ? 'loaded' : safe ? 'loading' : 'failed',
  }))
  let status = shown.status
  if (shown.src !== safe) {
    status = known ? 'loaded' : safe ? 'loading' : 'failed'
    setShown({ src: safe, status })
  }
  useEffect(() => {
    if (!safe || typeof Image === 'undefined') return
    const show = (s: ImageStatus) =>
      setShown((c) => (c.src === safe && c.status === s ? c : { src: safe, status: s }))
    if (loadedImages.has(safe)) {
      show('loaded')
      return
    }
    let done = false
    const finish = (s: 'loaded' | 'failed') => {
      if (done) return
      done = true
      clearTimeout(timer)
      if (s === 'loaded') rememberLoaded(safe)
      show(s)
    }
    // The request a task later, or once a scrolling list is still (see startSoon); the 2 s count
    // starts with it, so an image held back while the list moved still gets its 2 s.
    let timer: ReturnType<typeof setTimeout> | undefined
    const cancel = startSoon(() => {
      if (done) return
      timer = setTimeout(() => finish('failed'), IMAGE_PRELOAD_TIMEOUT_MS)
      const img = new Image()
      img.onload = () => finish('loaded')
      img.onerror = () => finish('failed')
      img.src = safe
    })
    return () => {
      done = true
      cancel()
      clearTimeout(timer)
    }
  }, [safe])
  if (safe && (status === 'loaded' || (known && status !== 'failed')))
    return (
      <img
        className="wallet-icon"
        data-size={size}
        src={safe}
        alt=""
        width={40}
        height={40}
        loading="lazy"
        decoding="async"
      />
    )
  return (
    <span className="wallet-icon" data-size={size} data-placeholder={status} aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  )
}

type ImageStatus = 'loading' | 'loaded' | 'failed'

/** A PorticoError's short message, else the error's message. */
export function errorMessage(error: unknown): string {
  if (error && typeof error === 'object') {
    const e = error as { shortMessage?: string; message?: string }
    return e.shortMessage ?? e.message ?? 'Something went wrong'
  }
  return 'Something went wrong'
}

/** 4001: the connector maps WalletConnect's 5000–5003 rejections to UserRejectedRequestError (4001). */
export function isRejection(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === 4001
}
