#!/usr/bin/env node
// `npm run demo`: install, build, then start the local world and serve the
// demo on 127.0.0.1 (examples/demo/scripts/start.mjs). The start script runs
// as our direct child and every stop signal we get (Ctrl-C, SIGTERM from a
// process manager or CI, SIGHUP from a closed terminal) is passed on to it, so
// it stops the nodes it started before we exit.
//   DEMO_SKIP_SETUP=1  skip install and build (the tests use it)
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { pnpm } from './pnpm.mjs'

const root = join(import.meta.dirname, '..')
if (!process.env.DEMO_SKIP_SETUP) {
  if (pnpm(['install', '--frozen-lockfile']) !== 0) process.exit(1)
  if (pnpm(['-r', '--if-present', 'run', 'build']) !== 0) process.exit(1)
}
const child = spawn(process.execPath, [join(root, 'examples/demo/scripts/start.mjs')], {
  cwd: join(root, 'examples/demo'),
  stdio: 'inherit',
})
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    // The child may already have it (Ctrl-C reaches the whole process group); a second one is harmless.
    if (child.exitCode === null) child.kill(signal)
  })
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
