#!/usr/bin/env node
// Runs the pinned pnpm through npx, so a machine with only Node and npm can
// drive the workspace. (corepack fails here: the registry serves no signatures.)
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
export const PNPM_SPEC = pkg.packageManager // e.g. pnpm@10.34.8

/** Runs pnpm with `args` in `cwd`; returns the exit status. */
export function pnpm(args, opts = {}) {
  const r = spawnSync('npx', ['-y', PNPM_SPEC, ...args], {
    cwd: opts.cwd ?? root,
    stdio: opts.stdio ?? 'inherit',
    env: { ...process.env, ...opts.env },
  })
  if (r.error) throw r.error
  return r.status ?? 1
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(pnpm(process.argv.slice(2)))
}
