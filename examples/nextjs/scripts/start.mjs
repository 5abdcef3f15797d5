#!/usr/bin/env node
// `node scripts/pnpm.mjs --filter @portico/example-nextjs start`: starts the EVM
// devnet (two anvil nodes with fixtures, from @portico/devnet), builds the app
// with `next build`, serves it with `next start` on 127.0.0.1 and prints the URL.
// Telemetry is off (NEXT_TELEMETRY_DISABLED=1). Ctrl-C, SIGTERM and SIGHUP stop
// everything it started.
//   PORT=3001          serve on another port (default 3000)
//   NEXT_SKIP_BUILD=1  serve the existing .next/
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { createLifecycle, devnetSummary, startDevnet } from '../../shared/start.mjs'

const exampleRoot = join(import.meta.dirname, '..')
const nextBin = createRequire(join(exampleRoot, 'package.json')).resolve('next/dist/bin/next')
const lifecycle = createLifecycle()

/** Runs `next <args>` in the example's folder; resolves with the child once `ready` (or exit 0) says so. */
function next(args, env, ready) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [nextBin, ...args], {
      cwd: exampleRoot,
      env: { ...process.env, ...env, NEXT_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk)
      if (ready?.(String(chunk))) resolve(child)
    })
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve(child) : reject(new Error(`next ${args[0]} exited with ${code}`)),
    )
  })
}

try {
  const t0 = Date.now()
  const devnet = await startDevnet(lifecycle)
  const env = { PORTICO_EXAMPLE_DEVNET: JSON.stringify(devnetSummary(devnet)) }
  if (!process.env.NEXT_SKIP_BUILD) await next(['build', '--webpack'], env)
  const port = String(process.env.PORT ?? 3000)
  const server = await next(['start', '-H', '127.0.0.1', '-p', port], env, (text) => /Ready in/.test(text))
  lifecycle.onStop(
    () =>
      new Promise((resolve) => {
        if (server.exitCode !== null) return resolve()
        server.once('exit', () => resolve())
        server.kill('SIGTERM')
      }),
  )
  console.log(
    `\n  Next.js example ready in ${((Date.now() - t0) / 1000).toFixed(1)} s: http://127.0.0.1:${port}/\n  Ctrl-C stops it and the devnet.\n`,
  )
} catch (error) {
  console.error(error)
  await lifecycle.shutdown(1)
}
