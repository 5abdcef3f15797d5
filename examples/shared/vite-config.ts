/**
 * What every Vite-built example shares: `/devnet.json` for the page and a
 * production build whatever NODE_ENV the caller has. Imported by relative path
 * from each example's `vite.config.ts` (Vite bundles config files, so this
 * file needs no package of its own).
 */
import { existsSync, readFileSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import { join } from 'node:path'
import { defaultClientConditions, type Plugin } from 'vite'

/** The devnet's services as the pages read them (what `.portico/devnet.json` recorded). */
function fromStateFile(): string | undefined {
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

/**
 * Serves `/devnet.json` (RPC URLs + fixture addresses) to the page: the JSON in
 * the environment variable `envVar` (set by the example's `scripts/start.mjs`
 * or the e2e harness, which start the devnet themselves), else what
 * `portico-devnet start` recorded in `.portico/devnet.json`; 404 when neither
 * exists, so the page can say the devnet is not started.
 */
export function devnetJson(envVar: string): Plugin {
  const handle = (url: string | undefined, res: ServerResponse, next: () => void) => {
    if (url?.split('?')[0] !== '/devnet.json') return next()
    const body = process.env[envVar] ?? fromStateFile()
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
export const productionBuild = {
  define: {
    'process.env.NODE_ENV': JSON.stringify('production'),
    'global.process.env.NODE_ENV': JSON.stringify('production'),
    'globalThis.process.env.NODE_ENV': JSON.stringify('production'),
    'import.meta.env.DEV': 'false',
    'import.meta.env.PROD': 'true',
  },
  conditions: defaultClientConditions.map((c) => (c === 'development|production' ? 'production' : c)),
}

/** Workspace packages resolve to their TypeScript sources (`source` condition): no prior build needed. */
export function exampleResolve(build: boolean) {
  return { conditions: ['source', ...(build ? productionBuild.conditions : defaultClientConditions)] }
}
