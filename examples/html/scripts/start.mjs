#!/usr/bin/env node
// `node scripts/pnpm.mjs --filter @portico/example-html start`: starts the EVM
// devnet (two anvil nodes with fixtures, from @portico/devnet), builds the
// page, serves it with `vite preview` on 127.0.0.1 and prints the URL.
// Ctrl-C, SIGTERM and SIGHUP stop everything it started.
//   PORT=5181          serve on another port (default 5180; the next free one if taken)
//   HTML_SKIP_BUILD=1  serve the existing dist/
import { join } from 'node:path'
import { buildAndPreview, createLifecycle, devnetSummary, startDevnet } from '../../shared/start.mjs'

const exampleRoot = join(import.meta.dirname, '..')
const lifecycle = createLifecycle()

try {
  const t0 = Date.now()
  const devnet = await startDevnet(lifecycle)
  process.env.PORTICO_HTML_DEVNET = JSON.stringify(devnetSummary(devnet))
  const url = await buildAndPreview(lifecycle, {
    configFile: join(exampleRoot, 'vite.config.ts'),
    port: Number(process.env.PORT ?? 5180),
    skipBuild: Boolean(process.env.HTML_SKIP_BUILD),
  })
  console.log(
    `\n  Plain HTML example ready in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${url}\n  Ctrl-C stops it and the devnet.\n`,
  )
} catch (error) {
  console.error(error)
  await lifecycle.shutdown(1)
}
