import { existsSync, readFileSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import { join } from 'node:path'
import { defaultClientConditions, defineConfig, type Plugin } from 'vite'

/**
 * `/devnet.json` for the page: the EVM devnet that `portico-devnet start` recorded
 * in `.portico/devnet.json` (chains and fixture tokens), or PORTICO_EXAMPLE_DEVNET.
 */
function devnetJson(): Plugin {
  const read = () => {
    if (process.env.PORTICO_EXAMPLE_DEVNET) return process.env.PORTICO_EXAMPLE_DEVNET
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
    name: 'portico-example-devnet-json',
    configureServer: (server) => void server.middlewares.use((req, res, next) => handle(req.url, res, next)),
    configurePreviewServer: (server) =>
      void server.middlewares.use((req, res, next) => handle(req.url, res, next)),
  }
}

// Workspace packages resolve to their TypeScript sources (`source` condition). A build is a
// production build whatever NODE_ENV the caller has (the e2e harness builds it under vitest).
export default defineConfig(({ command }) => {
  const build = command === 'build'
  return {
    root: import.meta.dirname,
    mode: build ? 'production' : undefined,
    define: build
      ? { 'process.env.NODE_ENV': JSON.stringify('production'), 'import.meta.env.DEV': 'false' }
      : undefined,
    esbuild: { jsx: 'automatic', jsxDev: !build },
    resolve: {
      conditions: [
        'source',
        ...(build
          ? defaultClientConditions.map((c) => (c === 'development|production' ? 'production' : c))
          : defaultClientConditions),
      ],
    },
    plugins: [devnetJson()],
    build: {
      target: 'es2022',
      outDir: 'dist',
      emptyOutDir: true,
      reportCompressedSize: false,
      rollupOptions: {
        // wagmi and TanStack Query mark their hooks "use client" (for React Server Components): meaningless in a SPA.
        onwarn(warning, warn) {
          if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning)
        },
      },
    },
    server: { host: '127.0.0.1', port: 5174 },
    preview: { host: '127.0.0.1', port: 5174 },
  }
})
