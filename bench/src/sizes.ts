import type { BundleReport } from './bundle.js'

/** The minimal app's row (ConnectButton + PorticoModal + the EVM adapter). */
export const MINIMAL_APP = 'portico'
/** The full app's row (`apps/portico-full.tsx`: five adapters, every plugin, SIWX on). */
export const FULL_APP = 'portico full'
/** The wagmi + viem + button app: the reference of the size and navigation budgets. */
export const FLOOR_APP = 'floor'

/**
 * Size budgets of issue 31, as ratios of initial JS gzip to the floor app
 * built in the same run (so a new React or viem moves both sides alike), and
 * issue 4's ratios to the peers.
 */
export const SIZE_BUDGETS = {
  'minimal app initial JS gz ≤ 0.85 × the wagmi + viem floor': {
    app: MINIMAL_APP,
    of: FLOOR_APP,
    ratio: 0.85,
  },
  'full app initial JS gz ≤ 1.0 × the wagmi + viem floor': { app: FULL_APP, of: FLOOR_APP, ratio: 1.0 },
  'initial JS gz ≤ 25% of AppKit': { app: MINIMAL_APP, of: 'appkit', ratio: 0.25 },
  'initial JS gz ≤ 38% of RainbowKit': { app: MINIMAL_APP, of: 'rainbowkit', ratio: 0.38 },
} as const

export interface SizeCheck {
  name: keyof typeof SIZE_BUDGETS
  value: string
  /** undefined when one side was not built in this run (--no-peers): skipped, not failed. */
  ok: boolean | undefined
}

const kib = (n: number) => (n / 1024).toFixed(1)

export function checkSizeBudgets(bundles: BundleReport[]): SizeCheck[] {
  const gz = (app: string) => bundles.find((b) => b.app === app)?.initial.gzip
  return (Object.keys(SIZE_BUDGETS) as Array<keyof typeof SIZE_BUDGETS>).map((name) => {
    const { app, of, ratio } = SIZE_BUDGETS[name]
    const ours = gz(app)
    const theirs = gz(of)
    if (ours === undefined || theirs === undefined) return { name, value: 'n/a', ok: undefined }
    const r = ours / theirs
    return {
      name,
      value: `${kib(ours)} KiB = ${r.toFixed(3)} × ${kib(theirs)} KiB (${of})`,
      ok: r <= ratio,
    }
  })
}

/** Our rows: every app built from the workspace's packages. */
export const isPorticoRow = (b: BundleReport) => b.app.startsWith('portico')

/** `../../core/dist/i18n/x.js` → `core/dist/i18n/x.js`; a pnpm store path → `pkg/path`. */
export function shortModule(path: string): string {
  const nm = path.match(/.*node_modules\/((?:@[^/]+\/)?[^/]+\/.*)$/)
  if (nm) return nm[1]!
  return path.replace(/^(\.\.\/)+/, '')
}

/**
 * The initial graph's modules above `min` minified bytes, largest first: the
 * review of a size regression starts here (what got into the first load).
 */
export function largeModules(b: BundleReport, min = 2048): string {
  return b.initialModuleBytes
    .filter((m) => m.bytes > min)
    .map((m) => `${shortModule(m.module)} ${kib(m.bytes)}`)
    .join(' · ')
}

/** Minified bytes per package in the initial JS, ≥ 1 KiB. */
export function byPackage(b: BundleReport): string {
  return b.initialByPackage
    .filter((p) => p.bytes >= 1024)
    .map((p) => `${p.pkg} ${kib(p.bytes)} KiB`)
    .join(' · ')
}

/** Console and report lines: per Portico row, the modules above 2 KiB (minified KiB). */
export function formatLargeModules(bundles: BundleReport[]): string[] {
  return bundles
    .filter(isPorticoRow)
    .map((b) => `- **${b.app}** (${kib(b.initial.gzip)} KiB gz): ${largeModules(b) || '–'}`)
}
