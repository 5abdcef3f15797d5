import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

type Size = { raw: number; gzip: number; brotli: number }

/**
 * The embedded wallet's signer frame as the gateway serves it: its initial JS
 * (`/frame.js` and the chunks it imports up front: the session, login and
 * card shell), each lazy module of its own (the EVM and Solana signers, the
 * Farcaster card: the chunks their first use fetches beyond the initial JS)
 * and each namespace's keys module (`/chains/<name>.js`). Gzip and brotli of
 * several files are the sums of each file's (each is its own response).
 */
export type SignerFrameSize =
  | { frame: Size; modules: Record<string, Size>; chains: Record<string, Size> }
  | { skipped: string }

/**
 * Size budgets of the signer frame, gzip (issue 29: "frame initial JS and
 * each namespace module"). The frame is what every visitor of an embedded
 * wallet loads; a namespace module only the visitors who use that namespace.
 */
export const SIGNER_BUDGETS_GZIP: Readonly<Record<string, number>> = {
  '/frame.js': 45 * 1024,
  'evm module': 40 * 1024,
  'solana module': 12 * 1024,
  'farcaster-card module': 10 * 1024,
  '/chains/bitcoin.js': 72 * 1024,
  '/chains/cosmos.js': 40 * 1024,
  '/chains/polkadot.js': 40 * 1024,
}

const sum = (sizes: Size[]): Size =>
  sizes.reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  })

/** The frame's lazy modules by the name the report uses (`solana-session` is the Solana signer). */
const MODULE_NAMES: Readonly<Record<string, string>> = {
  evm: 'evm',
  'solana-session': 'solana',
  'farcaster-card': 'farcaster-card',
}

const measure = (text: string): Size => {
  const buf = Buffer.from(text)
  return {
    raw: buf.length,
    gzip: gzipSync(buf, { level: 9 }).length,
    brotli: brotliCompressSync(buf, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length },
    }).length,
  }
}

/**
 * Measures the frame's scripts exactly as the gateway serves them:
 * `@portico/signer`'s `frameFiles()` (its esbuild bundles, which the gateway
 * makes on first request). Skipped, with the reason, when the signer package
 * is not built.
 */
export async function measureSignerFrame(): Promise<SignerFrameSize> {
  const file = join(import.meta.dirname, '../../signer/dist/assets/bundle.js')
  if (!existsSync(file)) return { skipped: 'signer/dist/assets/bundle.js not built (npm run build)' }
  const { frameFiles, frameModules } = (await import(pathToFileURL(file).href)) as {
    frameFiles?: () => Promise<ReadonlyMap<string, string>>
    frameModules?: () => Promise<{ initial: readonly string[]; modules: Record<string, readonly string[]> }>
  }
  if (typeof frameFiles !== 'function' || typeof frameModules !== 'function')
    return { skipped: '@portico/signer no longer exports frameFiles / frameModules' }
  const files = await frameFiles()
  const graph = await frameModules()
  const sizeOf = (paths: readonly string[]) => sum(paths.map((p) => measure(files.get(p) ?? '')))
  if (!files.has('/frame.js')) return { skipped: '@portico/signer served no /frame.js' }
  const modules: Record<string, Size> = {}
  for (const [module, name] of Object.entries(MODULE_NAMES)) {
    const paths = graph.modules[module]
    if (paths) modules[name] = sizeOf(paths)
  }
  const chains: Record<string, Size> = {}
  for (const [path, text] of [...files].sort(([a], [b]) => a.localeCompare(b)))
    if (path.startsWith('/chains/')) chains[path] = measure(text)
  return { frame: sizeOf(graph.initial), modules, chains }
}

const kib = (n: number) => (n / 1024).toFixed(1)
const row = (path: string, s: Size) =>
  `${path}: ${kib(s.raw)} KiB raw, ${kib(s.gzip)} KiB gzip, ${kib(s.brotli)} KiB brotli`

/** One line per script: the frame's initial JS, then each namespace module. */
export function formatSignerFrame(s: SignerFrameSize): string {
  if ('skipped' in s) return `signer frame: skipped (${s.skipped})`
  return [
    `signer frame initial JS (${row('/frame.js + its static chunks', s.frame)})`,
    ...Object.entries(s.modules).map(([name, size]) => `  ${name} module, on first use (${row(name, size)})`),
    ...Object.entries(s.chains).map(([path, size]) => `  namespace module, on demand (${row(path, size)})`),
  ].join('\n')
}

/** Each script against its budget (a script without one is a budget missed: every module has a row). */
export function checkSignerBudgets(
  s: SignerFrameSize,
): { name: string; ok: boolean | undefined; value: string }[] {
  if ('skipped' in s) return [{ name: 'signer frame', ok: undefined, value: s.skipped }]
  const all: [string, Size][] = [
    ['/frame.js', s.frame],
    // Every lazy module has a row: a module the frame no longer splits off is a budget missed.
    ...Object.values(MODULE_NAMES).map((name): [string, Size] => [
      `${name} module`,
      s.modules[name] ?? { raw: Number.POSITIVE_INFINITY, gzip: Number.POSITIVE_INFINITY, brotli: 0 },
    ]),
    ...Object.entries(s.chains),
  ]
  return all.map(([path, size]) => {
    const budget = SIGNER_BUDGETS_GZIP[path]
    return {
      name: `signer ${path} ≤ ${budget === undefined ? '(no budget)' : `${kib(budget)} KiB`} gzip`,
      ok: budget !== undefined && size.gzip <= budget,
      value: `${kib(size.gzip)} KiB`,
    }
  })
}
