// Issue 20's AllWallets budgets, the figures before it, and the report's table.
import type { AllWalletsReport, Stats } from './measure.js'

/** Budgets of issue 20 (ms). */
export const ALL_WALLETS_BUDGETS = {
  openMedian: 50,
  openP95: 100,
  keystrokeP95: 16,
  longTask: 50,
} as const

/** The figures before issue 20 (bench/RESULTS.md of 2026-11-21, the same measures then). */
export const PREVIOUS = {
  date: '2026-11-21',
  firstRender: { median: 361, p95: 421 },
  reopen: { median: 32, p95: 69 },
  search: { median: 314, p95: 323 },
} as const

export interface AllWalletsCheck {
  name: string
  value: string
  ok: boolean
}

/** Issue 20's budgets on the figures. */
export function checkAllWallets(r: AllWalletsReport): AllWalletsCheck[] {
  const b = ALL_WALLETS_BUDGETS
  const worst = Math.max(0, ...r.scroll.longTasks)
  const ms = (v: number) => `${v.toFixed(1)} ms`
  return [
    {
      name: `open → first rows median ≤ ${b.openMedian} ms`,
      value: ms(r.open.median),
      ok: r.open.median <= b.openMedian,
    },
    { name: `open → first rows p95 ≤ ${b.openP95} ms`, value: ms(r.open.p95), ok: r.open.p95 <= b.openP95 },
    {
      name: `keystroke → first matching rows p95 ≤ ${b.keystrokeP95} ms`,
      value: ms(r.keystrokeRows.p95),
      ok: r.keystrokeRows.p95 <= b.keystrokeP95,
    },
    {
      name: `scrolling ${r.scroll.entries.toLocaleString('en')} entries: no long task > ${b.longTask} ms`,
      value: r.scroll.longTasks.length
        ? `longest ${ms(worst)} (${r.scroll.longTasks.length} long tasks)`
        : 'none',
      ok: worst <= b.longTask,
    },
  ]
}

export function formatAllWallets(r: AllWalletsReport, checks = checkAllWallets(r)): string {
  const ms = (v: number) => (Number.isNaN(v) ? '–' : `${v.toFixed(1)} ms`)
  const s = (x: Stats) => `median ${ms(x.median)}, p95 ${ms(x.p95)} (${x.samples.length})`
  const prev = (x: { median: number; p95: number }) => `median ${x.median} ms, p95 ${x.p95} ms`
  return [
    `## AllWallets with ${r.entries.toLocaleString('en')} directory entries (Chromium, loopback directory, ${r.runs} fresh pages)`,
    '',
    `| figure | now | before (RESULTS.md ${PREVIOUS.date}) |`,
    '|---|---|---|',
    `| open → first rows (modal open on Connect, click All Wallets → featured + 40 rows) | ${s(r.open)} | ${prev(PREVIOUS.firstRender)} (open straight into AllWallets) |`,
    `| cold open straight into AllWallets (fresh page, nothing prefetched) | ${s(r.coldOpen)} | ${prev(PREVIOUS.firstRender)} |`,
    `| reopen in the same page (from the cache) | ${s(r.reopen)} | ${prev(PREVIOUS.reopen)} |`,
    `| keystroke → first matching rows (keystrokes with known matches) | ${s(r.keystrokeRows)} | ${prev(PREVIOUS.search)} (results after the 300 ms debounce) |`,
    `| keystroke → "Searching…" (no known match yet) | ${s(r.keystrokeSearching)} | – |`,
    `| last keystroke → the directory's results merged (300 ms debounce included) | ${s(r.serverMerged)} | ${prev(PREVIOUS.search)} |`,
    `| scrolling all ${r.entries.toLocaleString('en')} (${r.scroll.runs} runs): long tasks, most rows in the DOM | ${r.scroll.longTasks.length ? `${r.scroll.longTasks.map((t) => t.toFixed(0)).join(', ')} ms` : 'none'}; ${r.scroll.maxRowsInDom} rows | – |`,
    '',
    '| budget (issue 20) | measured | |',
    '|---|---:|---|',
    ...checks.map((c) => `| ${c.name} | ${c.value} | ${c.ok ? 'met' : '**missed**'} |`),
    '',
    "Method: `bench/src/allwallets/` — t0 is the input event's timestamp (real clicks and key presses), t1 the DOM mutation after which the expected rows are in the modal with a layout (forced), i.e. the work before the next paint.",
    '',
  ].join('\n')
}
