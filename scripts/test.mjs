#!/usr/bin/env node
// `npm test`: install with the pinned pnpm, provide system tools the tests
// need, build, lint, type-check, check packages, then run every test project
// in one vitest run. Prints a closing "N passed, N failed" line.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pnpm } from './pnpm.mjs'

const root = join(import.meta.dirname, '..')
const started = Date.now()

function step(name, fn) {
  const t = Date.now()
  console.log(`\n▶ ${name}`)
  const status = fn()
  console.log(
    `◀ ${name}: ${status === 0 ? 'ok' : `failed (${status})`} in ${((Date.now() - t) / 1000).toFixed(1)} s`,
  )
  if (status !== 0) process.exit(status)
}

function sh(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts })
  return r.status ?? 1
}

step('install', () => pnpm(['install', '--frozen-lockfile']))
step('system tools', () => sh('bash', [join(root, 'scripts/ensure-system.sh')]))
step('build', () => pnpm(['-r', '--if-present', 'run', 'build']))
step('lint (biome)', () => pnpm(['exec', 'biome', 'check', '.']))
// One program for the packages that share tsconfig.base.json (tsconfig.check.json): a
// package's own `typecheck` re-checks the sources of every workspace package it imports.
step('type-check', () => {
  const missing = uncheckedPackages()
  if (missing.length) {
    console.error(`tsconfig.check.json does not include: ${missing.join(', ')}`)
    return 1
  }
  const one = pnpm(['exec', 'tsc', '-p', 'tsconfig.check.json'])
  if (one !== 0) return one
  return pnpm(['--filter', './examples/html', '--filter', './examples/nextjs', 'run', 'typecheck'])
})
// The docs' ```ts / ```tsx blocks compile against the workspace packages (a renamed API breaks here).
step('doc snippets', () => sh(process.execPath, [join(root, 'scripts/check-doc-snippets.mjs')]))
// Every export of every published package has a doc comment and no {@link} is broken (TypeDoc).
step('API reference (TypeDoc)', () => sh(process.execPath, [join(root, 'scripts/api-docs.mjs'), '--check']))
step('package lint (publint)', () => pnpm(['-r', '--if-present', 'run', 'lint:package']))

mkdirSync(join(root, '.portico'), { recursive: true })
const report = join(root, '.portico/vitest-report.json')
const extra = process.argv.slice(2)
const status = pnpm([
  'exec',
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...extra,
])
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'))
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0)
  console.log(`\nTest files: ${r.numTotalTestSuites ?? '?'}; e2e screenshots: ${listShots()}`)
  console.log(`Total time ${((Date.now() - started) / 1000).toFixed(0)} s`)
  console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`)
}
process.exit(status)

function listShots() {
  const dir = join(root, 'e2e/test-results/screenshots')
  return existsSync(dir) ? `${readdirSync(dir).length} in e2e/test-results/screenshots` : 'none'
}

/** Packages with a `typecheck` script that neither tsconfig.check.json nor its own step covers. */
function uncheckedPackages() {
  const own = new Set(['examples/html', 'examples/nextjs'])
  const include = JSON.parse(readFileSync(join(root, 'tsconfig.check.json'), 'utf8')).include
  const dirs = []
  for (const parent of ['.', 'adapters', 'bridges', 'plugins', 'examples']) {
    for (const name of readdirSync(join(root, parent))) {
      const pkg = join(root, parent, name, 'package.json')
      if (!existsSync(pkg) || !JSON.parse(readFileSync(pkg, 'utf8')).scripts?.typecheck) continue
      dirs.push(parent === '.' ? name : `${parent}/${name}`)
    }
  }
  const covered = (dir) =>
    include.some((g) => g === `${dir}/src` || (g.endsWith('/*/src') && dir.startsWith(g.slice(0, -5))))
  return dirs.filter((d) => !own.has(d) && !covered(d))
}
