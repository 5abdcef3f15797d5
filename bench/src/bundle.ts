import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { extname, join, relative } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { build, type Metafile, type Plugin } from 'esbuild'

/** Build outputs: under dist/, which git and biome ignore. */
export const OUT_DIR = join(import.meta.dirname, '../dist/apps')

export interface ChunkSize {
  file: string
  raw: number
  gzip: number
  brotli: number
}

export interface BundleReport {
  app: string
  /** The entry and every chunk it imports statically: what the page loads before it can render. */
  initial: ChunkSize
  initialFiles: string[]
  /** Chunks behind dynamic imports (loaded later, e.g. views, SDKs). */
  lazy: ChunkSize
  lazyChunks: ChunkSize[]
  css: ChunkSize
  /** Minified bytes in the initial JS per package (our packages by folder), largest first. */
  initialByPackage: Array<{ pkg: string; bytes: number }>
  /** Every source module with bytes in the initial JS (paths as esbuild names them). */
  initialModules: string[]
  /** Minified bytes of each source module in the initial JS, largest first. */
  initialModuleBytes: Array<{ module: string; bytes: number }>
  /** Modules that could not be resolved and were replaced by empty stubs (optional peers' deps). */
  stubbed: string[]
  dir: string
}

export interface BuildAppOptions {
  app: string
  entry: string
  /**
   * Build the entry from a copy placed in this folder (a peers' install), so
   * every bare import — React included — resolves from that folder's
   * node_modules and the app gets one React, as in a real project.
   */
  projectDir?: string
  /** Extra export conditions (`source` builds our packages from their TypeScript). */
  conditions?: string[]
}

/**
 * Builds one app the way an integrator would ship it: esbuild, minified,
 * ESM with code splitting, production React. Writes `index.html` beside the
 * chunks (served by the latency run) and measures gzip -9 and brotli -11 of
 * every output file.
 */
export async function buildApp(opts: BuildAppOptions): Promise<BundleReport> {
  const dir = join(OUT_DIR, opts.app.replace(/[^\w.-]+/g, '-'))
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const stubbed = new Set<string>()
  let entry = opts.entry
  if (opts.projectDir) {
    // Inside node_modules/ (ignored by biome and git); bare imports still resolve from the project.
    const copyDir = join(opts.projectDir, 'node_modules/.portico-bench')
    mkdirSync(copyDir, { recursive: true })
    entry = join(copyDir, `${opts.app}${extname(opts.entry)}`)
    copyFileSync(opts.entry, entry)
  }
  const result = await build({
    entryPoints: { main: entry },
    outdir: dir,
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    treeShaking: true,
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'assets/[name]-[hash]',
    loader: { '.png': 'dataurl', '.svg': 'dataurl', '.woff2': 'file', '.woff': 'file', '.ttf': 'file' },
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    // Only when asked: esbuild's defaults otherwise (what an integrator's bundler does).
    ...(opts.conditions?.length ? { conditions: [...opts.conditions, 'module'] } : {}),
    metafile: true,
    logLevel: 'silent',
    legalComments: 'none',
    plugins: [stubUnresolvable(stubbed)],
  })
  const report = measure(opts.app, dir, result.metafile, [...stubbed].sort())
  // As a Vite build would: the initial chunks are preloaded instead of discovered one level at a time.
  const preload = report.initialFiles
    .filter((f) => f !== 'main.js')
    .map((f) => `<link rel="modulepreload" href="./${f}">`)
    .join('')
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${opts.app}</title><link rel="icon" href="data:,">${
      hasCss(result.metafile) ? '<link rel="stylesheet" href="./main.css">' : ''
    }${preload}</head><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>\n`,
  )
  return report
}

function hasCss(meta: Metafile): boolean {
  return Object.keys(meta.outputs).some((f) => f.endsWith('main.css'))
}

/**
 * Optional dependencies that a peer imports but does not install (e.g. SDKs of
 * connectors not in its default set) become empty modules, as a bundler
 * configured by an integrator would have to do. This can only make the peers smaller.
 */
function stubUnresolvable(stubbed: Set<string>): Plugin {
  return {
    name: 'stub-unresolvable',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === 'stub-probe') return undefined
        const r = await b.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: 'stub-probe',
        })
        if (r.errors.length === 0) return r
        stubbed.add(args.path)
        return { path: args.path, namespace: 'stub' }
      })
      b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: 'export default {}', loader: 'js' }))
    },
  }
}

function measure(app: string, dir: string, meta: Metafile, stubbed: string[]): BundleReport {
  const outputs = meta.outputs
  const key = (abs: string) => Object.keys(outputs).find((k) => join(process.cwd(), k) === abs || k === abs)!
  const entryKey = key(join(dir, 'main.js'))
  const initial = new Set<string>()
  const visit = (k: string) => {
    if (initial.has(k)) return
    initial.add(k)
    for (const imp of outputs[k]?.imports ?? []) {
      if (imp.kind === 'import-statement' && !imp.external) visit(imp.path)
    }
  }
  visit(entryKey)
  const js = Object.keys(outputs).filter((k) => k.endsWith('.js'))
  const size = (k: string): ChunkSize => {
    const buf = readFileSync(join(process.cwd(), k))
    return {
      file: relative(dir, join(process.cwd(), k)),
      raw: buf.length,
      gzip: gzipSync(buf, { level: 9 }).length,
      brotli: brotliCompressSync(buf, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length },
      }).length,
    }
  }
  const sum = (file: string, list: ChunkSize[]): ChunkSize => ({
    file,
    raw: list.reduce((a, c) => a + c.raw, 0),
    gzip: list.reduce((a, c) => a + c.gzip, 0),
    brotli: list.reduce((a, c) => a + c.brotli, 0),
  })
  const initialSizes = js.filter((k) => initial.has(k)).map(size)
  const lazySizes = js
    .filter((k) => !initial.has(k))
    .map(size)
    .sort((a, b) => b.gzip - a.gzip)
  const cssSizes = Object.keys(outputs)
    .filter((k) => k.endsWith('.css'))
    .map(size)
  const byPkg = new Map<string, number>()
  const modules = new Map<string, number>()
  for (const k of initial) {
    for (const [input, v] of Object.entries(outputs[k]?.inputs ?? {})) {
      if (v.bytesInOutput > 0) modules.set(input, (modules.get(input) ?? 0) + v.bytesInOutput)
      const pkg = packageOf(input)
      byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + v.bytesInOutput)
    }
  }
  return {
    app,
    initialByPackage: [...byPkg].map(([pkg, bytes]) => ({ pkg, bytes })).sort((a, b) => b.bytes - a.bytes),
    initialModules: [...modules.keys()].sort(),
    initialModuleBytes: [...modules]
      .map(([module, bytes]) => ({ module, bytes }))
      .sort((a, b) => b.bytes - a.bytes),
    initial: sum('initial', initialSizes),
    initialFiles: initialSizes.map((c) => c.file),
    lazy: sum('lazy', lazySizes),
    lazyChunks: lazySizes,
    css: sum('css', cssSizes),
    stubbed,
    dir,
  }
}

/** `node_modules/.pnpm/x@1/node_modules/@scope/name/…` → `@scope/name`; `../ui-react/src/…` → `ui-react`. */
function packageOf(input: string): string {
  const nm = input.match(/.*node_modules\/((?:@[^/]+\/)?[^/]+)/)
  if (nm) return nm[1]!
  const ws = input.match(/^(?:\.\.\/)+((?:adapters|plugins|examples)\/[^/]+|[^/.][^/]*)\//)
  return ws ? `@portico: ${ws[1]}` : input
}
