#!/usr/bin/env node
// `npm run bench`: runs every benchmark in bench/ and prints its figures.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pnpm } from './pnpm.mjs'

const root = join(import.meta.dirname, '..')
if (pnpm(['install', '--frozen-lockfile']) !== 0) process.exit(1)
if (!existsSync(join(root, 'bench/package.json'))) {
  console.log('No benchmarks yet.')
  process.exit(0)
}
if (pnpm(['-r', '--if-present', 'run', 'build']) !== 0) process.exit(1)
process.exit(pnpm(['--filter', '@portico/bench', 'run', 'bench']))
