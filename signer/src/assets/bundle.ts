import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { CHAIN_SCRIPTS } from '../chains.js'

let bundled: Promise<ReadonlyMap<string, string>> | undefined

/** A page module's path: `src/` in source checkouts (`.ts`), `dist/` compiled otherwise (`.js`). */
function source(path: string): string {
  const ts = fileURLToPath(new URL(`../${path}.ts`, import.meta.url))
  return existsSync(ts) ? ts : fileURLToPath(new URL(`../${path}.js`, import.meta.url))
}

/** What `/frame.js` loads up front and what each of its lazy modules adds on first use (URL paths). */
export interface FrameGraph {
  /** `/frame.js` and the shared chunks it imports statically: every visitor's first load. */
  initial: readonly string[]
  /** A lazy module (`evm`, `solana`, `farcaster-card`) → the files its first use fetches beyond `initial`. */
  modules: Readonly<Record<string, readonly string[]>>
}

let graph: FrameGraph | undefined

/**
 * The frame's scripts by URL path: `/frame.js` (the session, login and card
 * shell), `/chunks/<name>-<hash>.js` (the EVM and Solana signers and the
 * Farcaster card, split by esbuild and imported on first use, with the
 * chunks they share), and `/chains/<name>.js` for the Bitcoin, Cosmos and
 * Polkadot keys. Those are separate bundles (each whole, sharing no chunk
 * with the frame) that the frame imports on a namespace's first request.
 * Bundled with esbuild on first request, kept in memory.
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
      build({
        ...common,
        outdir,
        splitting: true,
        metafile: true,
        // Metafile paths are relative to this: `portico-frame/frame.js`.
        absWorkingDir: '/',
        entryNames: '[name]',
        chunkNames: 'chunks/[name]-[hash]',
        entryPoints: [source('frame')],
      }),
      build({
        ...common,
        outdir: `${outdir}/chains`,
        entryPoints: Object.fromEntries(
          Object.values(CHAIN_SCRIPTS).map((s) => [s.name, source(`${s.name}/index`)]),
        ),
      }),
    ])
    const files = new Map<string, string>()
    for (const file of frame.outputFiles) files.set(file.path.slice(outdir.length), file.text)
    if (!files.has('/frame.js')) throw new Error('frame bundle produced no /frame.js')
    for (const file of chains.outputFiles) files.set(file.path.slice(outdir.length), file.text)
    graph = frameGraph(frame.metafile.outputs)
    return files
  })().catch((error: unknown) => {
    bundled = undefined // the next request tries again
    throw error
  })
  return bundled
}

type Outputs = Record<string, { imports: { path: string; kind: string }[]; entryPoint?: string }>

/** Walks esbuild's metafile: the static closure of `/frame.js`, then each dynamic import's closure beyond it. */
function frameGraph(outputs: Outputs): FrameGraph {
  const path = (out: string) => out.slice(out.indexOf('portico-frame/') + 'portico-frame'.length)
  const closure = (start: string, seen: Set<string>) => {
    const todo = [start]
    while (todo.length) {
      const at = todo.pop() as string
      if (seen.has(at)) continue
      seen.add(at)
      for (const i of outputs[at]?.imports ?? []) if (i.kind === 'import-statement') todo.push(i.path)
    }
    return seen
  }
  const entry = Object.keys(outputs).find((o) => o.endsWith('/frame.js')) as string
  const initial = closure(entry, new Set())
  const modules: Record<string, string[]> = {}
  for (const out of Object.keys(outputs)) {
    const from = outputs[out]?.entryPoint
    // Ours only: a library's own lazy imports (viem's) are counted with the module that reaches them.
    if (!from || out === entry || !out.endsWith('.js') || from.includes('node_modules')) continue
    // The module's name: its folder for an index (`evm/index.ts` → evm), else its file (solana-session).
    const name = /([^/]+)\/index\.[jt]s$/.exec(from)?.[1] ?? /([^/]+)\.[jt]s$/.exec(from)?.[1] ?? from
    const more = [...closure(out, new Set(initial))].filter((o) => !initial.has(o))
    for (const i of outputs[out]?.imports ?? [])
      if (i.kind === 'dynamic-import' && outputs[i.path]?.entryPoint?.includes('node_modules'))
        for (const o of closure(i.path, new Set(initial)))
          if (!initial.has(o) && !more.includes(o)) more.push(o)
    modules[name] = more.map(path)
  }
  return { initial: [...initial].map(path), modules }
}

/** `/frame.js`'s first load and its lazy modules (after `frameFiles()` has built them). */
export async function frameModules(): Promise<FrameGraph> {
  await frameFiles()
  return graph as FrameGraph
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

/** A chunk of the frame's script by file name (`index-ABCD1234.js`), or undefined. */
export async function frameChunk(name: string): Promise<string | undefined> {
  if (!/^[A-Za-z0-9_-]{1,64}\.js$/.test(name)) return undefined
  return (await frameFiles()).get(`/chunks/${name}`)
}
