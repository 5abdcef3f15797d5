import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

let bundled: Promise<string> | undefined

/**
 * The frame script as one file, bundled with esbuild on first request and
 * kept in memory (the page's source ships with the package: `src/` in
 * source checkouts, `dist/` compiled otherwise).
 */
export function frameScript(): Promise<string> {
  bundled ??= (async () => {
    const ts = fileURLToPath(new URL('./page/frame.ts', import.meta.url))
    const entry = existsSync(ts) ? ts : fileURLToPath(new URL('./page/frame.js', import.meta.url))
    const { build } = await import('esbuild')
    const out = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      legalComments: 'none',
      logLevel: 'silent',
    })
    const file = out.outputFiles[0]
    if (!file) throw new Error('frame bundle produced no output')
    return file.text
  })().catch((error: unknown) => {
    bundled = undefined // the next request tries again
    throw error
  })
  return bundled
}
