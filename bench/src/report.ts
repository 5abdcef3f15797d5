import type { BundleReport } from './bundle.js'
import type { LatencyReport } from './latency.js'
import {
  byPackage,
  checkSizeBudgets,
  FLOOR_APP,
  FULL_APP,
  formatLargeModules,
  MINIMAL_APP,
  SIZE_BUDGETS,
} from './sizes.js'

/**
 * Latency budgets as ratios to what the same run measured (issues 20 and 31),
 * so a loaded machine slows both sides alike: click → dialog against the
 * fastest peer, navigation → button against the wagmi + viem floor app; for
 * the minimal and the full app. The absolute figures stay in the report.
 * Size budgets are in `sizes.ts`.
 */
export const LATENCY_BUDGETS = {
  'navigation → button ≤ 1.0 × the wagmi + viem floor': { app: MINIMAL_APP, ratio: 1.0 },
  'click → dialog ≤ 0.7 × the fastest peer': { app: MINIMAL_APP, ratio: 0.7 },
  'full app: navigation → button ≤ 1.0 × the wagmi + viem floor': { app: FULL_APP, ratio: 1.0 },
  'full app: click → dialog ≤ 0.7 × the fastest peer': { app: FULL_APP, ratio: 0.7 },
  'full app: click → Connect view (5 namespaces) ≤ 0.7 × the fastest peer': { app: FULL_APP, ratio: 0.7 },
} as const

/** Every budget the bench checks: sizes, then latency. */
export const BUDGETS = { ...SIZE_BUDGETS, ...LATENCY_BUDGETS }

/** The absolute budgets of issue 4, still printed for reference (not checked: noisy machine). */
export const ABSOLUTE_REFERENCE = { button: 180, dialog: 20 } as const

export interface Check {
  name: keyof typeof BUDGETS
  value: string
  /** undefined when the figure could not be measured in this run (e.g. --no-peers): skipped, not failed. */
  ok: boolean | undefined
}

const PEERS = ['appkit', 'rainbowkit'] as const

export function checkBudgets(bundles: BundleReport[], latency: LatencyReport[]): Check[] {
  const lat = (app: string) => latency.find((l) => l.app === app)
  const relative = (
    name: keyof typeof LATENCY_BUDGETS,
    v: number | undefined,
    ref: LatencyReport | undefined,
    of: keyof Pick<LatencyReport, 'button' | 'dialog'>,
  ): Check => {
    const base = ref?.[of]
    if (v === undefined || base === undefined || !(base > 0))
      return {
        name,
        value: v === undefined ? 'n/a' : `${v.toFixed(1)} ms (no reference measured)`,
        ok: undefined,
      }
    const r = v / base
    return {
      name,
      value: `${v.toFixed(1)} ms = ${r.toFixed(2)} × ${base.toFixed(1)} ms (${ref!.app})`,
      ok: r <= LATENCY_BUDGETS[name].ratio,
    }
  }
  const fastestPeer = PEERS.map(lat)
    .filter((l): l is LatencyReport => l?.dialog !== undefined)
    .sort((a, b) => a.dialog! - b.dialog!)[0]
  const floor = lat(FLOOR_APP)
  return [
    ...checkSizeBudgets(bundles),
    ...(Object.keys(LATENCY_BUDGETS) as Array<keyof typeof LATENCY_BUDGETS>).map((name) => {
      const ours = lat(LATENCY_BUDGETS[name].app)
      if (name.includes('navigation')) return relative(name, ours?.button, floor, 'button')
      if (name.includes('Connect view')) return relative(name, ours?.connectView, fastestPeer, 'dialog')
      return relative(name, ours?.dialog, fastestPeer, 'dialog')
    }),
  ]
}

const kib = (n: number) => (n / 1024).toFixed(1)

/** The bundle of the framework-free mount (`apps/portico-html.ts`), measured beside the React app. */
export const HTML_APP = 'portico (plain HTML mount)'

/** One line: initial JS (gzip) of the plain-HTML mount beside the React app's. */
export function formatHtmlMount(bundles: BundleReport[]): string {
  const react = bundles.find((b) => b.app === MINIMAL_APP)
  const html = bundles.find((b) => b.app === HTML_APP)
  if (!react || !html) return 'plain-HTML mount: not measured in this run'
  const delta = html.initial.gzip - react.initial.gzip
  return `plain-HTML mount (@portico/html, React inside): ${kib(html.initial.gzip)} KiB gz initial JS, React app ${kib(react.initial.gzip)} KiB gz (${delta >= 0 ? '+' : '−'}${Math.abs(delta)} B)`
}

export function formatReport(r: {
  date: string
  machine: string
  runs: number
  bundles: BundleReport[]
  latency: LatencyReport[]
  checks: Check[]
  /** Table lines of `formatPluginCosts`: what each plugin adds to the first load. */
  pluginCosts?: string[]
  /** One line: the signer frame's initial JS (`signer-frame.ts`), or why it was skipped. */
  signerFrame?: string
  peers: Record<string, Record<string, string>>
  /** The AllWallets section (allwallets/report.ts `formatAllWallets`). */
  allWallets?: string
}): string {
  const lines: string[] = []
  lines.push('# Benchmark results', '')
  lines.push(`Latest \`npm run bench\`: ${r.date}, ${r.machine}.`, '')
  lines.push('## Bundle: minimal app (connect button + modal, EVM), esbuild minified, ESM with splitting', '')
  lines.push(
    '| app | initial JS raw | initial JS gzip | initial JS brotli | initial files | lazy chunks | lazy gzip | CSS gzip |',
  )
  lines.push('|---|---:|---:|---:|---:|---:|---:|---:|')
  for (const b of r.bundles) {
    lines.push(
      `| ${b.app} | ${kib(b.initial.raw)} KiB | **${kib(b.initial.gzip)} KiB** | ${kib(b.initial.brotli)} KiB | ${b.initialFiles.length} | ${b.lazyChunks.length} | ${kib(b.lazy.gzip)} KiB | ${kib(b.css.gzip)} KiB |`,
    )
  }
  lines.push(
    '',
    'Reference measured on this kind of machine on 2026-11-21 (issue 4): AppKit 603 KiB, RainbowKit 396 KiB, wagmi + viem + button floor 132 KiB gzip initial JS.',
  )
  if (r.bundles.some((b) => b.app === HTML_APP)) lines.push('', formatHtmlMount(r.bundles))
  const ours = r.bundles.find((b) => b.app === MINIMAL_APP)
  for (const b of [ours, r.bundles.find((x) => x.app === FULL_APP)]) {
    if (!b) continue
    lines.push('', `${b.app}: initial JS by package (minified bytes before compression):`)
    lines.push(byPackage(b))
  }
  lines.push('', 'Initial graph of each Portico row: modules above 2 KiB (minified KiB):', '')
  lines.push(...formatLargeModules(r.bundles))
  if (ours && ours.lazyChunks.length > 0) {
    lines.push('', 'Portico lazy chunks (gzip): ')
    lines.push(ours.lazyChunks.map((c) => `\`${c.file}\` ${kib(c.gzip)} KiB`).join(', '))
  }
  if (r.pluginCosts) {
    lines.push(
      '',
      '## Plugins: initial JS added to the minimal app (registration only; views are lazy chunks)',
      '',
    )
    lines.push(...r.pluginCosts)
  }
  if (r.signerFrame) lines.push('', r.signerFrame)
  const stubs = r.bundles.filter((b) => b.stubbed.length > 0)
  if (stubs.length > 0) {
    lines.push(
      '',
      `Optional modules a peer imports but does not install were replaced by empty stubs (only makes them smaller): ${stubs
        .map((b) => `${b.app}: ${b.stubbed.join(', ')}`)
        .join('; ')}.`,
    )
  }
  lines.push(
    '',
    `## Open latency in Chromium (median of ${r.runs}, fresh context each, non-loopback requests blocked)`,
    '',
  )
  lines.push(
    '| app | navigation → button | click → dialog | click → Connect view | click → 10 wallets listed | blocked requests |',
  )
  lines.push('|---|---:|---:|---:|---:|---:|')
  for (const l of r.latency) {
    lines.push(
      `| ${l.app} | ${l.button.toFixed(1)} ms | ${l.dialog !== undefined ? `${l.dialog.toFixed(1)} ms` : '–'} | ${l.connectView !== undefined ? `${l.connectView.toFixed(1)} ms` : '–'} | ${l.walletsListed !== undefined ? `${l.walletsListed.toFixed(1)} ms` : '–'} | ${l.blocked.length} |`,
    )
  }
  const blocked = r.latency.filter((l) => l.blocked.length > 0)
  if (blocked.length > 0) {
    lines.push('', 'Hosts the apps tried to reach (aborted):')
    for (const l of blocked) {
      const hosts = [...new Set(l.blocked.map((u) => new URL(u).host))].sort()
      lines.push(`- ${l.app}: ${hosts.join(', ')}`)
    }
  }
  lines.push('', '## Budgets', '', '| budget | measured | |', '|---|---:|---|')
  for (const c of r.checks)
    lines.push(
      `| ${c.name} | ${c.value} | ${c.ok === undefined ? 'skipped (not measured in this run)' : c.ok ? 'met' : '**missed**'} |`,
    )
  const latencyOurs = r.latency.find((l) => l.app === MINIMAL_APP)
  if (latencyOurs)
    lines.push(
      '',
      `Absolute figures (issue 4's budgets, for reference only: a loaded machine moves them): navigation → button ${latencyOurs.button.toFixed(1)} ms (was ≤ ${ABSOLUTE_REFERENCE.button} ms), click → dialog ${latencyOurs.dialog?.toFixed(1) ?? '–'} ms (was ≤ ${ABSOLUTE_REFERENCE.dialog} ms).`,
    )
  if (r.allWallets) lines.push('', r.allWallets)
  lines.push('', '## Versions compared', '')
  for (const [set, deps] of Object.entries(r.peers)) {
    lines.push(
      `- ${set}: ${Object.entries(deps)
        .map(([n, v]) => `${n}@${v}`)
        .join(', ')}`,
    )
  }
  lines.push(
    '',
    'Method: `bench/src/` — apps in `apps/`, bundles by `bundle.ts` (initial = the entry and every chunk it imports statically; gzip -9, brotli -11 per file), latency by `latency.ts` (performance marks taken on the DOM mutation that first gives the button / dialog a layout box; run 0 of each series is a warm-up and not counted).',
    '',
  )
  return lines.join('\n')
}
