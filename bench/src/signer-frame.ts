import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

type Size = { raw: number; gzip: number; brotli: number }

/**
 * The embedded wallet's signer frame as the gateway serves it: its entry
 * script (`/frame.js`, the frame's initial JS) and each namespace's keys
 * module (`/chains/<name>.js`, loaded on that namespace's first request).
 */
export type SignerFrameSize = { frame: Size; chains: Record<string, Size> } | { skipped: string }

/**
 * Size budgets of the signer frame, gzip (issue 29: "frame initial JS and
 * each namespace module"). The frame is what every visitor of an embedded
 * wallet loads; a namespace module only the visitors who use that namespace.
 */
export const SIGNER_BUDGETS_GZIP: Readonly<Record<string, number>> = {
  '/frame.js': 60 * 1024,
  '/chains/bitcoin.js': 72 * 1024,
  '/chains/cosmos.js': 40 * 1024,
  '/chains/polkadot.js': 40 * 1024,
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
  const { frameFiles } = (await import(pathToFileURL(file).href)) as {
    frameFiles?: () => Promise<ReadonlyMap<string, string>>
  }
  if (typeof frameFiles !== 'function') return { skipped: '@portico/signer no longer exports frameFiles' }
  const files = await frameFiles()
  const frame = files.get('/frame.js')
  if (frame === undefined) return { skipped: '@portico/signer served no /frame.js' }
  const chains: Record<string, Size> = {}
  for (const [path, text] of [...files].sort(([a], [b]) => a.localeCompare(b)))
    if (path.startsWith('/chains/')) chains[path] = measure(text)
  return { frame: measure(frame), chains }
}

const kib = (n: number) => (n / 1024).toFixed(1)
const row = (path: string, s: Size) =>
  `${path}: ${kib(s.raw)} KiB raw, ${kib(s.gzip)} KiB gzip, ${kib(s.brotli)} KiB brotli`

/** One line per script: the frame's initial JS, then each namespace module. */
export function formatSignerFrame(s: SignerFrameSize): string {
  if ('skipped' in s) return `signer frame: skipped (${s.skipped})`
  return [
    `signer frame initial JS (${row('/frame.js', s.frame)})`,
    ...Object.entries(s.chains).map(([path, size]) => `  namespace module, on demand (${row(path, size)})`),
  ].join('\n')
}

/** Each script against its budget (a script without one is a budget missed: every module has a row). */
export function checkSignerBudgets(
  s: SignerFrameSize,
): { name: string; ok: boolean | undefined; value: string }[] {
  if ('skipped' in s) return [{ name: 'signer frame', ok: undefined, value: s.skipped }]
  const all: [string, Size][] = [['/frame.js', s.frame], ...Object.entries(s.chains)]
  return all.map(([path, size]) => {
    const budget = SIGNER_BUDGETS_GZIP[path]
    return {
      name: `signer ${path} ≤ ${budget === undefined ? '(no budget)' : `${kib(budget)} KiB`} gzip`,
      ok: budget !== undefined && size.gzip <= budget,
      value: `${kib(size.gzip)} KiB`,
    }
  })
}
