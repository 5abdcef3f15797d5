#!/usr/bin/env node
// `npm test`: install with the pinned pnpm, provide system tools the tests
// need, build, lint, type-check, check packages, then run every test project
// in one vitest run. Prints a closing "N passed, N failed" line.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { PNPM_SPEC, pnpm } from './pnpm.mjs'

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
// The checks below read the build and the sources and write nothing the others read: they run
// side by side (as many at a time as there are cores; each is one single-threaded program,
// tsc or TypeDoc, but for biome), each one's output printed whole when it ends.
await checks(
  [
    // One program for the packages that share tsconfig.base.json (tsconfig.check.json): a
    // package's own `typecheck` re-checks the sources of every workspace package it imports.
    [
      'type-check',
      async (run) => {
        const missing = uncheckedPackages()
        if (missing.length)
          return { status: 1, output: `tsconfig.check.json does not include: ${missing.join(', ')}\n` }
        const one = await run(...pnpmCmd(['exec', 'tsc', '-p', 'tsconfig.check.json']))
        if (one.status !== 0) return one
        const own = await run(
          ...pnpmCmd(['--filter', './examples/html', '--filter', './examples/nextjs', 'run', 'typecheck']),
        )
        return { status: own.status, output: one.output + own.output }
      },
    ],
    // Every export of every published package has a doc comment and no {@link} is broken (TypeDoc).
    [
      'API reference (TypeDoc)',
      (run) => run(process.execPath, [join(root, 'scripts/api-docs.mjs'), '--check']),
    ],
    // The docs' ```ts / ```tsx blocks compile against the workspace packages (a renamed API breaks here).
    ['doc snippets', (run) => run(process.execPath, [join(root, 'scripts/check-doc-snippets.mjs')])],
    ['lint (biome)', (run) => run(...pnpmCmd(['exec', 'biome', 'check', '.']))],
    ['package lint (publint)', (run) => run(...pnpmCmd(['-r', '--if-present', 'run', 'lint:package']))],
  ],
  availableParallelism(),
)

mkdirSync(join(root, '.portico'), { recursive: true })
// The browser flows run last, two files at a time, each worker on a world of its own
// (e2e/src/harness/world.ts): one file at a time left a core idle for ~19 minutes.
process.env.PORTICO_E2E_WORKERS ??= '2'
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

/** `[command, args]` running the pinned pnpm through npx, as `pnpm()` does. */
function pnpmCmd(args) {
  return ['npx', ['-y', PNPM_SPEC, ...args]]
}

/** Runs a command with its output (stdout and stderr, interleaved) kept for later. */
function runBuffered(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (d) => {
      output += d
    })
    child.stderr.on('data', (d) => {
      output += d
    })
    child.once('error', (error) => resolve({ status: 1, output: `${output}${error.message}\n` }))
    child.once('close', (code) => resolve({ status: code ?? 1, output }))
  })
}

/**
 * Runs the named checks, `width` at a time, printing each one's output and time when it ends
 * (in the order they end). Exits with the first failed check's status once all have ended,
 * so one run names every failing check.
 */
async function checks(list, width) {
  const t = Date.now()
  console.log(`\n▶ checks, ${width} at a time: ${list.map(([name]) => name).join(', ')}`)
  const queue = [...list]
  const failed = []
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [name, fn] = next
      const started = Date.now()
      const { status, output } = await fn(runBuffered)
      console.log(`\n▶ ${name}`)
      process.stdout.write(output)
      console.log(
        `◀ ${name}: ${status === 0 ? 'ok' : `failed (${status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      )
      if (status !== 0) failed.push({ name, status })
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, width) }, worker))
  console.log(
    `◀ checks: ${failed.length ? `failed: ${failed.map((f) => f.name).join(', ')}` : 'ok'} in ${((Date.now() - t) / 1000).toFixed(1)} s`,
  )
  if (failed.length) process.exit(failed[0].status)
}

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
