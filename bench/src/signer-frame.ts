import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** The embedded wallet's signer frame: its entry script as the gateway serves it (`/frame.js`). */
export type SignerFrameSize = { raw: number; gzip: number; brotli: number } | { skipped: string }

/**
 * Measures `/frame.js` exactly as the gateway serves it: `@portico/signer`'s `frameScript()`
 * (its esbuild bundle, which the gateway makes on first request); the frame's Bitcoin, Cosmos
 * and Polkadot keys are separate scripts loaded on a namespace's first request, so they are not
 * counted. Skipped, with the reason, when the signer package is not built.
 */
export async function measureSignerFrame(): Promise<SignerFrameSize> {
  const file = join(import.meta.dirname, '../../signer/dist/assets/bundle.js')
  if (!existsSync(file)) return { skipped: 'signer/dist/assets/bundle.js not built (npm run build)' }
  const { frameScript } = (await import(pathToFileURL(file).href)) as { frameScript?: () => Promise<string> }
  if (typeof frameScript !== 'function') return { skipped: '@portico/signer no longer exports frameScript' }
  const buf = Buffer.from(await frameScript())
  return {
    raw: buf.length,
    gzip: gzipSync(buf, { level: 9 }).length,
    brotli: brotliCompressSync(buf, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length },
    }).length,
  }
}

export function formatSignerFrame(s: SignerFrameSize): string {
  const kib = (n: number) => (n / 1024).toFixed(1)
  return 'skipped' in s
    ? `signer frame initial JS: skipped (${s.skipped})`
    : `signer frame initial JS (/frame.js as the gateway serves it): ${kib(s.raw)} KiB raw, ${kib(s.gzip)} KiB gzip, ${kib(s.brotli)} KiB brotli`
}
