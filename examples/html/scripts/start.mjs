#!/usr/bin/env node
// `node scripts/pnpm.mjs --filter @portico/example-html start`: starts the EVM
// devnet (two anvil nodes with fixtures, from @portico/devnet), builds the
// page, serves it with `vite preview` on 127.0.0.1 and prints the URL.
// Ctrl-C, SIGTERM and SIGHUP stop everything it started.
//   PORT=5181          serve on another port (default 5180; the next free one if taken)
//   HTML_SKIP_BUILD=1  serve the existing dist/
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const exampleRoot = join(import.meta.dirname, '..')
const repoRoot = join(exampleRoot, '../..')

/** @portico/devnet from its dist when built, else from its TypeScript sources (tsx). */
async function importDevnet() {
  const built = join(repoRoot, 'devnet/dist/index.js')
  if (existsSync(built)) return import(pathToFileURL(built).href)
  const { tsImport } = await import('tsx/esm/api')
  return tsImport(pathToFileURL(join(repoRoot, 'devnet/src/index.ts')).href, import.meta.url)
}

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
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP']
const onStopSignal = () => void shutdown(0)
for (const signal of STOP_SIGNALS) process.on(signal, onStopSignal)

try {
  const t0 = Date.now()
  const { startEvmDevnet } = await importDevnet()
  const devnet = await startEvmDevnet()
  stops.push(() => devnet.stop())
  for (const c of devnet.chains) console.log(`  devnet  chain ${c.chainId}  ${c.rpcUrl}`)
  process.env.PORTICO_HTML_DEVNET = JSON.stringify({
    chains: devnet.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl })),
    tokens: devnet.fixtures.tokens,
  })
  const vite = await import('vite')
  const configFile = join(exampleRoot, 'vite.config.ts')
  if (!process.env.HTML_SKIP_BUILD) await vite.build({ configFile, logLevel: 'warn' })
  const port = Number(process.env.PORT ?? 5180)
  const server = await vite.preview({ configFile, preview: { host: '127.0.0.1', port, strictPort: false } })
  stops.push(() => new Promise((resolve) => server.httpServer.close(() => resolve())))
  // Vite's preview adds a SIGTERM listener that exits at once, leaving anvil running: keep only ours.
  for (const signal of STOP_SIGNALS) {
    for (const listener of process.listeners(signal))
      if (listener !== onStopSignal) process.off(signal, listener)
  }
  const url = server.resolvedUrls?.local[0] ?? `http://127.0.0.1:${port}/`
  console.log(
    `\n  Plain HTML example ready in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${url}\n  Ctrl-C stops it and the devnet.\n`,
  )
} catch (error) {
  console.error(error)
  await shutdown(1)
}
