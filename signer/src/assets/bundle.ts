import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { CHAIN_SCRIPTS } from '../chains.js'

let bundled: Promise<ReadonlyMap<string, string>> | undefined

/** A page module's path: `src/` in source checkouts (`.ts`), `dist/` compiled otherwise (`.js`). */
function source(path: string): string {
  const ts = fileURLToPath(new URL(`../${path}.ts`, import.meta.url))
  return existsSync(ts) ? ts : fileURLToPath(new URL(`../${path}.js`, import.meta.url))
}

/**
 * The frame's scripts by URL path: `/frame.js`, and `/chains/<name>.js` for
 * the Bitcoin, Cosmos and Polkadot keys. Those are separate bundles (each
 * whole, sharing no chunk with the frame) that the frame imports on a
 * namespace's first request, so the frame itself stays as small as it was
 * for EVM and Solana. Bundled with esbuild on first request, kept in memory.
 */
export function frameFiles(): Promise<ReadonlyMap<string, string>> {
  bundled ??= (async () => {
    const { build } = await import('esbuild')
    const common = {
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      legalComments: 'none',
      logLevel: 'silent',
    } as const
    const outdir = '/portico-frame'
    const [frame, chains] = await Promise.all([
      build({ ...common, entryPoints: [source('frame')] }),
      build({
        ...common,
        outdir: `${outdir}/chains`,
        entryPoints: Object.fromEntries(
          Object.values(CHAIN_SCRIPTS).map((s) => [s.name, source(`${s.name}/index`)]),
        ),
      }),
    ])
    const files = new Map<string, string>()
    const entry = frame.outputFiles[0]
    if (!entry) throw new Error('frame bundle produced no output')
    files.set('/frame.js', entry.text)
    for (const file of chains.outputFiles) files.set(file.path.slice(outdir.length), file.text)
    return files
  })().catch((error: unknown) => {
    bundled = undefined // the next request tries again
    throw error
  })
  return bundled
}

/** The frame's entry script. */
export async function frameScript(): Promise<string> {
  return (await frameFiles()).get('/frame.js') as string
}

/** A namespace's keys script by file name (`bitcoin.js`), or undefined. */
export async function chainScript(name: string): Promise<string | undefined> {
  if (!/^[a-z0-9-]{1,32}\.js$/.test(name)) return undefined
  return (await frameFiles()).get(`/chains/${name}`)
}
