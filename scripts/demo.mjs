#!/usr/bin/env node
// `npm run demo`: install, build, and (once examples/demo exists) start the
// local world and serve the demo on 127.0.0.1.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pnpm } from './pnpm.mjs'

const root = join(import.meta.dirname, '..')
if (pnpm(['install', '--frozen-lockfile']) !== 0) process.exit(1)
if (pnpm(['-r', '--if-present', 'run', 'build']) !== 0) process.exit(1)
if (existsSync(join(root, 'examples/demo/package.json'))) {
  process.exit(pnpm(['--filter', '@portico/demo', 'run', 'start']))
}
console.log('Built every package. The demo site (examples/demo) is not written yet: nothing to serve.')
