// What runs in the AllWallets bench page and how one figure is taken from it.
import type { Page } from 'playwright-core'
import { median } from '../latency.js'

/**
 * In the page, installed once (kept as source text: tsx's helpers must not leak
 * into it). `window.__aw.next(check)` arms a measurement: the next `keydown`
 * (its event timestamp) or `start()` call is t0; the first DOM mutation after
 * which `check` holds (layout forced on the rows) is t1.
 */
export const IN_PAGE = `(() => {
  const root = () => document.querySelector('[data-portico-modal]')?.shadowRoot
  const view = () => root()?.querySelector('[data-view="AllWallets"]')
  const longTasks = []
  new PerformanceObserver((list) => { for (const e of list.getEntries()) longTasks.push(e.duration) })
    .observe({ type: 'longtask', buffered: true })
  const state = () => {
    const v = view()
    const box = v?.querySelector('[role="listbox"]')
    const rows = v ? [...v.querySelectorAll('[data-wallet-id]')] : []
    return {
      value: v?.querySelector('input[type="search"]')?.value ?? '',
      count: box ? Number(box.getAttribute('data-count')) : -1,
      busy: box?.getAttribute('aria-busy') === 'true',
      ids: rows.map((r) => r.getAttribute('data-wallet-id')),
      names: rows.map((r) => r.querySelector('.row-label')?.textContent ?? ''),
      status: v?.querySelector('[role="status"]')?.textContent ?? '',
      rows,
    }
  }
  const checks = {
    // The browse list's first page: featured + 40, featured first.
    browse: (s, a) => s.count >= a.count && s.ids[0] === a.firstId && s.rows.length >= 8,
    // What is typed is in the box and every row shown matches it (or nothing known: searching).
    typed: (s, a) => s.value === a.value && !s.status.includes('Loading') &&
      ((s.rows.length > 0 && s.names.every((n) => n.toLowerCase().includes(a.value.toLowerCase()))) ||
       (s.rows.length === 0 && s.status.includes('Searching'))),
    // The directory answered: not busy, the merged count.
    merged: (s, a) => s.value === a.value && !s.busy && s.count === a.count,
  }
  let pending
  let lastKey = 0
  const stamp = (e) => {
    if (e.type === 'keydown') lastKey = e.timeStamp
    if (pending && pending.t0 === undefined) pending.t0 = e.timeStamp
  }
  // Event timestamps: the moment the browser took the input, queueing included.
  window.addEventListener('keydown', stamp, true)
  window.addEventListener('click', stamp, true)
  const observer = new MutationObserver(() => test())
  const test = () => {
    const p = pending
    if (!p || p.t0 === undefined) return
    const s = state()
    if (!checks[p.kind](s, p.arg)) return
    for (const r of s.rows) r.getBoundingClientRect() // layout: what the next paint shows
    pending = undefined
    p.resolve({ ms: performance.now() - p.t0, rows: s.rows.length, count: s.count })
  }
  observer.observe(document, { subtree: true, childList: true, attributes: true })
  const attach = Element.prototype.attachShadow
  Element.prototype.attachShadow = function (init) {
    const r = attach.call(this, init)
    observer.observe(r, { subtree: true, childList: true, attributes: true, characterData: true })
    return r
  }
  const r0 = root()
  if (r0) observer.observe(r0, { subtree: true, childList: true, attributes: true, characterData: true })
  window.__aw = {
    /** t0: 'event' (the next keydown / click), 'now', or 'lastKey' (the last keydown). */
    arm(kind, arg, t0) {
      let resolve
      const promise = new Promise((r) => { resolve = r })
      pending = { kind, arg, resolve, promise, t0: t0 === 'now' ? performance.now() : t0 === 'lastKey' ? lastKey : undefined }
      window.__aw.result = () => promise
      queueMicrotask(test)
    },
    longTasks: () => longTasks.slice(),
    state: () => { const { rows, ...s } = state(); return s },
  }
})()`

interface Mark {
  ms: number
  rows: number
  count: number
}

/**
 * Arms a check in the page, runs `act`, and returns what the page measured
 * (t0: the action's own input event, the moment of arming, or the last keydown).
 */
export async function measure(
  page: Page,
  kind: 'browse' | 'typed' | 'merged',
  arg: Record<string, unknown>,
  act: (() => Promise<unknown>) | string,
  t0: 'event' | 'now' | 'lastKey' = 'event',
): Promise<Mark> {
  // A string action runs in the same task as the arming (t0 'now' is then the action's start).
  const arm = `window.__aw.arm(${JSON.stringify(kind)}, ${JSON.stringify(arg)}, ${JSON.stringify(t0)})`
  if (typeof act === 'string') await page.evaluate(`${arm}; void ${act}`)
  else {
    await page.evaluate(arm)
    await act()
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const fail = (s: unknown) =>
        reject(new Error(`AllWallets not ready: ${kind} ${JSON.stringify(arg)}; ${JSON.stringify(s)}`))
      page.evaluate('window.__aw.state()').then(fail, fail)
    }, 15_000)
  })
  try {
    return await Promise.race([page.evaluate('window.__aw.result()') as Promise<Mark>, timeout])
  } finally {
    clearTimeout(timer)
  }
}

function percentile(values: number[], p: number): number {
  const v = [...values].sort((a, b) => a - b)
  return v[Math.min(v.length - 1, Math.ceil((p / 100) * v.length) - 1)] ?? Number.NaN
}

export interface Stats {
  median: number
  p95: number
  samples: number[]
}
export const stats = (s: number[]): Stats => ({ median: median(s), p95: percentile(s, 95), samples: s })

export interface AllWalletsReport {
  entries: number
  runs: number
  /** Modal open (Connect) → a visitor's click on All Wallets → first page of rows. */
  open: Stats
  /** `open({ view: 'AllWallets' })` on a fresh page: nothing prefetched. */
  coldOpen: Stats
  /** Closed and opened again in the same page: from the cache. */
  reopen: Stats
  /** Keystrokes whose matches the client knew → those rows. */
  keystrokeRows: Stats
  /** Keystrokes with no known match → the "Searching…" state. */
  keystrokeSearching: Stats
  /** Last keystroke of a query → the directory's results merged (300 ms debounce included). */
  serverMerged: Stats
  /** While scrolling through every entry: long tasks (ms) and rows in the DOM at most. */
  scroll: { runs: number; longTasks: number[]; maxRowsInDom: number; entries: number }
}

/** Types `text` with real key presses; each keystroke is measured. */
export async function typeMeasured(page: Page, text: string, rows: number[], searching: number[]) {
  for (let i = 0; i < text.length; i++) {
    const value = text.slice(0, i + 1)
    const m = await measure(page, 'typed', { value }, () => page.keyboard.press(text[i]!))
    ;(m.rows > 0 ? rows : searching).push(m.ms)
  }
}
