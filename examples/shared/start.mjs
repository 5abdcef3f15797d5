// What the examples' `scripts/start.mjs` share (demo, html, nextjs): loading a workspace
// package from its build or its sources, stopping everything that was started on
// Ctrl-C / SIGTERM / SIGHUP (in reverse order), and building + serving a Vite site on
// 127.0.0.1 with `vite preview`.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

/** The repository's root folder. */
export const repoRoot = join(import.meta.dirname, '../..')

/**
 * A workspace package's module from its dist when built, else from its TypeScript sources (tsx).
 * `importWorkspace('devnet')` → devnet/dist/index.js or devnet/src/index.ts.
 */
export async function importWorkspace(pkgDir, entry = 'index') {
  const built = join(repoRoot, pkgDir, 'dist', `${entry}.js`)
  if (existsSync(built)) return import(pathToFileURL(built).href)
  const { tsImport } = await import('tsx/esm/api')
  return tsImport(pathToFileURL(join(repoRoot, pkgDir, 'src', `${entry}.ts`)).href, import.meta.url)
}

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP']

/**
 * Stops what a start script started: `onStop(fn)` records a stop (run in reverse order,
 * each failure logged, the others still run), `shutdown(code)` runs them once and exits.
 * Ctrl-C, SIGTERM and SIGHUP call `shutdown(0)`.
 */
export function createLifecycle() {
  const stops = []
  let stopping = false
  async function shutdown(code) {
    if (stopping) return
    stopping = true
    for (const stop of stops.reverse()) {
      try {
        await stop()
      } catch (error) {
        console.error(error)
      }
    }
    process.exit(code)
  }
  const onStopSignal = () => void shutdown(0)
  for (const signal of STOP_SIGNALS) process.on(signal, onStopSignal)
  return {
    onStop: (fn) => void stops.push(fn),
    shutdown,
    /**
     * Vite's preview server adds its own SIGTERM listener that exits at once (143), cutting
     * the shutdown short and leaving the nodes running: keep only ours, which closes the server too.
     */
    keepOnlyOurSignalListeners() {
      for (const signal of STOP_SIGNALS) {
        for (const listener of process.listeners(signal)) {
          if (listener !== onStopSignal) process.off(signal, listener)
        }
      }
    },
  }
}

/**
 * Builds the site (unless `skipBuild`) and serves it with `vite preview` on 127.0.0.1 at
 * `port` (the next free one if taken); the server closes with the lifecycle. Returns its URL.
 */
export async function buildAndPreview(lifecycle, { configFile, port, skipBuild }) {
  const vite = await import('vite')
  if (!skipBuild) await vite.build({ configFile, logLevel: 'warn' })
  const server = await vite.preview({ configFile, preview: { host: '127.0.0.1', port, strictPort: false } })
  lifecycle.onStop(() => new Promise((resolve) => server.httpServer.close(() => resolve())))
  lifecycle.keepOnlyOurSignalListeners()
  return server.resolvedUrls?.local[0] ?? `http://127.0.0.1:${port}/`
}

/** Starts the two anvil nodes with fixtures, stopped with the lifecycle; prints their URLs. */
export async function startDevnet(lifecycle) {
  const { startEvmDevnet } = await importWorkspace('devnet')
  const devnet = await startEvmDevnet()
  lifecycle.onStop(() => devnet.stop())
  for (const c of devnet.chains) console.log(`  devnet  chain ${c.chainId}  ${c.rpcUrl}`)
  return devnet
}

/** What the examples' pages read as /devnet.json: the chains' RPC URLs and the fixture tokens. */
export function devnetSummary(devnet) {
  return {
    chains: devnet.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl })),
    tokens: devnet.fixtures.tokens,
  }
}
