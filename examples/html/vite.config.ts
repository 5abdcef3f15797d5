import { existsSync, readFileSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import { join } from 'node:path'
import { defaultClientConditions, defineConfig, type Plugin } from 'vite'

/**
 * `/devnet.json` for the page: from the devnet `scripts/start.mjs` started
 * (env PORTICO_HTML_DEVNET), else from `.portico/devnet.json` of `portico-devnet start`.
 */
function devnetJson(): Plugin {
  const read = (): string | undefined => {
    if (process.env.PORTICO_HTML_DEVNET) return process.env.PORTICO_HTML_DEVNET
    const file = join(import.meta.dirname, '../../.portico/devnet.json')
    if (!existsSync(file)) return undefined
    const evm = JSON.parse(readFileSync(file, 'utf8')).services?.evm
    return evm ? JSON.stringify({ chains: evm.chains, tokens: evm.fixtures?.tokens ?? [] }) : undefined
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
    name: 'portico-html-devnet-json',
    configureServer: (server) => void server.middlewares.use((req, res, next) => handle(req.url, res, next)),
    configurePreviewServer: (server) =>
      void server.middlewares.use((req, res, next) => handle(req.url, res, next)),
  }
}

// A build is a production build whatever NODE_ENV the caller has (vitest sets "test", which would
// ship React's development build inside @portico/html).
const productionConditions = defaultClientConditions.map((c) =>
  c === 'development|production' ? 'production' : c,
)

// Workspace packages resolve to their TypeScript sources (`source` condition): no prior build needed.
export default defineConfig(({ command }) => {
  const build = command === 'build'
  return {
    root: import.meta.dirname,
    mode: build ? 'production' : undefined,
    define: build
      ? {
          'process.env.NODE_ENV': JSON.stringify('production'),
          'import.meta.env.DEV': 'false',
          'import.meta.env.PROD': 'true',
        }
      : undefined,
    esbuild: { jsx: 'automatic', jsxDev: !build },
    resolve: { conditions: ['source', ...(build ? productionConditions : defaultClientConditions)] },
    plugins: [devnetJson()],
    build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, reportCompressedSize: false },
    server: { host: '127.0.0.1', port: 5180 },
    preview: { host: '127.0.0.1', port: 5180 },
  }
})
