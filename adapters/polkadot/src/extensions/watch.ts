/** After the fast window, how often and how long the adapter keeps looking for an extension. */
const SLOW_EVERY_MS = 1_000
const SLOW_FOR_MS = 60_000
const FAST_EVERY_MS = 250

interface EventTargetLike {
  addEventListener(type: string, listener: () => void): void
  removeEventListener(type: string, listener: () => void): void
}

/**
 * Calls `scan` while extensions may still be injecting their
 * `injectedWeb3` entry (the protocol announces nothing: an entry just
 * appears). Every 250 ms until `fastWindowMs` after the page's load event
 * (content scripts of Talisman and SubWallet run after it), then every second
 * for a minute; and on `load`, `focus` and `visibilitychange` (the visitor
 * installed or unlocked an extension in another tab). Returns the stop.
 */
export function watchInjection(scan: () => void, fastWindowMs: number): () => void {
  const raw = globalThis as { window?: Partial<EventTargetLike>; document?: Partial<EventTargetLike> }
  // A host may hand a plain object as `window` (a test, a non-browser runtime): listen only where
  // there is something to listen on.
  const target = (t: Partial<EventTargetLike> | undefined) =>
    typeof t?.addEventListener === 'function' && typeof t.removeEventListener === 'function'
      ? (t as EventTargetLike)
      : undefined
  const g = {
    window: target(raw.window),
    document: raw.document as (EventTargetLike & { readyState?: string }) | undefined,
  }
  g.document = target(raw.document) ? g.document : undefined
  let interval: ReturnType<typeof setInterval> | undefined
  let stopped = false

  const phase = (every: number, forMs: number, next?: () => void) => {
    if (interval) clearInterval(interval)
    const until = Date.now() + forMs
    interval = setInterval(() => {
      scan()
      if (Date.now() < until) return
      if (interval) clearInterval(interval)
      interval = undefined
      next?.()
    }, every)
  }
  const afterLoad = () => {
    if (stopped) return
    scan()
    phase(FAST_EVERY_MS, fastWindowMs, () => phase(SLOW_EVERY_MS, SLOW_FOR_MS))
  }
  const loaded = !g.document || g.document.readyState === undefined || g.document.readyState === 'complete'
  if (loaded) afterLoad()
  else {
    // Until the load event, look as often as in the fast window.
    phase(FAST_EVERY_MS, Number.POSITIVE_INFINITY)
    g.window?.addEventListener('load', afterLoad)
  }
  const rescan = () => scan()
  g.window?.addEventListener('focus', rescan)
  g.document?.addEventListener('visibilitychange', rescan)
  return () => {
    stopped = true
    if (interval) clearInterval(interval)
    g.window?.removeEventListener('load', afterLoad)
    g.window?.removeEventListener('focus', rescan)
    g.document?.removeEventListener('visibilitychange', rescan)
  }
}
