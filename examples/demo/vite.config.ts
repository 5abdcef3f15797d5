import { existsSync, readFileSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import { join } from 'node:path'
import { defaultClientConditions, defineConfig, type Plugin } from 'vite'

/**
 * Serves `/devnet.json` (RPC URLs + fixture addresses) to the page: from the
 * devnet started by `scripts/start.mjs` (env PORTICO_DEMO_DEVNET), else from
 * `.portico/devnet.json` written by `portico-devnet start`.
 */
function devnetJson(): Plugin {
  const read = () => {
    if (process.env.PORTICO_DEMO_DEVNET) return process.env.PORTICO_DEMO_DEVNET
    const file = join(import.meta.dirname, '../../.portico/devnet.json')
    if (!existsSync(file)) return undefined
    const state = JSON.parse(readFileSync(file, 'utf8'))
    const { evm, solana, walletconnect, bitcoin, polkadot } = state.services ?? {}
    if (!evm) return undefined
    return JSON.stringify({
      chains: evm.chains,
      tokens: evm.fixtures?.tokens ?? [],
      solana: solana?.rpcUrl ? solana : undefined,
      walletconnect: walletconnect?.url ? { url: walletconnect.url } : undefined,
      bitcoin: bitcoin?.esploraUrl ? bitcoin : undefined,
      polkadot: polkadot?.wsUrl ? polkadot : undefined,
    })
  }
  const handle = (url: string | undefined, res: ServerResponse, next: () => void) => {
    if (url?.split('?')[0] !== '/devnet.json') return next()
    const body = read()
    res.statusCode = body ? 200 : 404
    res.setHeader('content-type', 'application/json')
    res.setHeader('cache-control', 'no-store')
    res.end(body ?? '{"error":"devnet not started"}')
  }
  return {
    name: 'portico-devnet-json',
    configureServer: (server) => void server.middlewares.use((req, res, next) => handle(req.url, res, next)),
    configurePreviewServer: (server) =>
      void server.middlewares.use((req, res, next) => handle(req.url, res, next)),
  }
}

/**
 * `vite build` makes a production site whatever NODE_ENV the caller has: Vite takes
 * the build's NODE_ENV (and with it React's build, `jsxDEV`, the
 * `development|production` export condition and `import.meta.env.DEV`) from the
 * environment, and the e2e harness runs `vite build` from vitest, where
 * NODE_ENV=test — which shipped React's development build (StrictMode's double
 * effects, the DevTools console message). The dev server keeps development.
 */
const production = {
  define: {
    'process.env.NODE_ENV': JSON.stringify('production'),
    'global.process.env.NODE_ENV': JSON.stringify('production'),
    'globalThis.process.env.NODE_ENV': JSON.stringify('production'),
    'import.meta.env.DEV': 'false',
    'import.meta.env.PROD': 'true',
  },
  conditions: defaultClientConditions.map((c) => (c === 'development|production' ? 'production' : c)),
}

// Workspace packages resolve to their TypeScript sources (`source` condition): no prior build needed.
export default defineConfig(({ command }) => {
  const build = command === 'build'
  return {
    root: import.meta.dirname,
    mode: build ? 'production' : undefined,
    define: build ? production.define : undefined,
    esbuild: { jsx: 'automatic', jsxDev: !build },
    resolve: { conditions: ['source', ...(build ? production.conditions : defaultClientConditions)] },
    plugins: [devnetJson()],
    build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, reportCompressedSize: false },
    server: { host: '127.0.0.1', port: 5173 },
    preview: { host: '127.0.0.1', port: 5173 },
  }
})
