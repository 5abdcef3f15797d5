/**
 * Clickjacking and keyjacking guard of the Approve button. The dApp page owns
 * the iframe element: its size, opacity, position, what lies over it, and
 * when the card appears under the visitor's pointer. The frame cannot stop
 * the page from styling it, so it refuses to approve unless it sees itself
 * whole, big enough, and shown for a moment.
 */

/** Activation is ignored for this long after the card appears, and again after the frame is shown whole again. */
export const ACTIVATION_DELAY_MS = 1000
/** The smallest frame viewport, in CSS pixels, in which Approve works (a card fits a 320 px phone). */
export const MIN_FRAME_WIDTH = 300
export const MIN_FRAME_HEIGHT = 300

/** Why Approve is off now, or undefined when it works. */
export type Blocked = 'hidden' | 'small' | 'wait' | undefined

/** IntersectionObserver v2 (Chromium): `trackVisibility` and `isVisible`, absent from the DOM typings. */
type VisibilityEntry = IntersectionObserverEntry & { isVisible?: boolean }

export interface ApprovalGuard {
  /** Why a click on Approve now is refused, or undefined. */
  blocked(): Blocked
  stop(): void
}

/**
 * Watches `target` (the card) in `win`: visible means fully inside the top
 * page's viewport and, where the browser has IntersectionObserver v2, not
 * covered, not transparent, not transformed or filtered (`isVisible`). Where
 * it has v1 only, visible means fully inside the viewport (an overlay or an
 * opacity is not seen: said in the README). Until the first report, Approve
 * waits (the card has just appeared); a browser with no IntersectionObserver
 * at all never approves: the guard fails closed. `onChange` hears each change.
 */
export function approvalGuard(
  win: Window,
  target: Element,
  onChange: (state: Blocked) => void,
): ApprovalGuard {
  const Observer = (win as Window & { IntersectionObserver?: typeof IntersectionObserver })
    .IntersectionObserver
  let visible = false
  /** The observer has reported once: before that the card has only just appeared. */
  let observed = false
  let readyAt = Number.POSITIVE_INFINITY
  let timer: ReturnType<typeof setTimeout> | undefined
  let last: Blocked = 'hidden'

  const small = () => win.innerWidth < MIN_FRAME_WIDTH || win.innerHeight < MIN_FRAME_HEIGHT
  const state = (): Blocked => {
    if (small()) return 'small'
    if (!observed && Observer) return 'wait'
    if (!visible || win.document.visibilityState !== 'visible') return 'hidden'
    return win.performance.now() < readyAt ? 'wait' : undefined
  }
  const report = () => {
    const now = state()
    if (now !== last) {
      last = now
      onChange(now)
    }
  }
  /** From hidden or too small to shown whole: the delay starts again (a page cannot flash the card in under a click). */
  const restartDelay = () => {
    readyAt = win.performance.now() + ACTIVATION_DELAY_MS
    clearTimeout(timer)
    timer = setTimeout(report, ACTIVATION_DELAY_MS + 20)
  }
  /** Whole, big enough and on a visible tab, at the last look. */
  let shown = false
  const update = (nowVisible: boolean) => {
    visible = nowVisible
    const now = visible && !small() && win.document.visibilityState === 'visible'
    if (now && !shown) restartDelay()
    shown = now
    report()
  }

  let observer: IntersectionObserver | undefined
  if (Observer) {
    observer = new Observer(
      (entries) => {
        const entry = entries[entries.length - 1] as VisibilityEntry | undefined
        if (!entry) return
        observed = true
        const whole = entry.isIntersecting && entry.intersectionRatio >= 0.99
        update(whole && entry.isVisible !== false)
      },
      // trackVisibility needs a delay of at least 100 ms; browsers without v2 ignore both.
      { threshold: [0, 0.5, 0.99, 1], trackVisibility: true, delay: 100 } as IntersectionObserverInit,
    )
    observer.observe(target)
  }
  const onResize = () => update(visible)
  const onVisibility = () => update(visible)
  win.addEventListener('resize', onResize)
  win.document.addEventListener('visibilitychange', onVisibility)
  return {
    blocked: state,
    stop() {
      observer?.disconnect()
      clearTimeout(timer)
      win.removeEventListener('resize', onResize)
      win.document.removeEventListener('visibilitychange', onVisibility)
    },
  }
}
