#!/usr/bin/env node
// postinstall: makes sure better-sqlite3 has a native binding that loads in
// this Node. pnpm skips dependency build scripts unless allowed, and no
// prebuilt binary can be downloaded on some machines, so when the binding is
// missing (or built for another Node) it is compiled from source with node-gyp.
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'

const require = createRequire(import.meta.url)
// Pinned: an unpinned `npx node-gyp` runs whatever is newest at install time (node-gyp 13 already
// refuses Node 20), and an install script must not run code nobody reviewed.
const NODE_GYP = 'node-gyp@12.1.0'

function loads() {
  const r = spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], {
    cwd: import.meta.dirname,
    stdio: 'pipe',
  })
  return r.status === 0
}

if (loads()) process.exit(0)
let dir
try {
  dir = dirname(require.resolve('better-sqlite3/package.json'))
} catch {
  console.log('[@portico/server] better-sqlite3 is not installed; skipping')
  process.exit(0)
}
console.log('[@portico/server] building better-sqlite3 from source (about a minute)…')
const r = spawnSync('npx', ['-y', NODE_GYP, 'rebuild', '--release'], { cwd: dir, stdio: 'inherit' })
if (r.status !== 0 || !loads()) {
  console.error(
    '[@portico/server] could not build better-sqlite3: the embedded store is unavailable (PostgreSQL still works)',
  )
  process.exit(0)
}
console.log('[@portico/server] better-sqlite3 built')
