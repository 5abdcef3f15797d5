import { type ChildProcess, spawn } from 'node:child_process'
import { cpSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'

const repoRoot = join(import.meta.dirname, '../../..')
const demoDir = join(repoRoot, 'examples/demo')

/** One build of the demo for a whole vitest run, shared by the global setups that need it. */
export interface DemoBuild {
  /** The built site (a private folder under e2e/test-results/), complete once `done` resolves. */
  dir: string
  /** Resolves with `dir` when the build is complete; rejects with the build's error. */
  done: Promise<string>
  /**
   * A loopback URL that tells how the build stands: 202 while it runs, then 200 with the folder,
   * or 500 with the build's error. Test files (other processes) poll it before they read `dir`.
   */
  statusUrl: string
  /** Stops the build if it still runs, closes the status server, removes `dir`; idempotent. */
  dispose(): Promise<void>
}

// Global setups of several projects run in the one vitest process, each in a module graph of its
// own: the build is kept on globalThis so that the first setup to ask starts it and the others share it.
const KEY = Symbol.for('portico.e2e.demoBuild')
type Holder = { [KEY]?: Promise<DemoBuild> }

/**
 * The demo's `vite build`, started at most once per vitest process and NOT awaited here: global
 * setups return at once and the build runs while the other projects' tests do (e2e runs last).
 * Readers wait on `done` (in the setup's process) or on `statusUrl` (in a test file).
 */
export function sharedDemoBuild(): Promise<DemoBuild> {
  const holder = globalThis as Holder
  holder[KEY] ??= startDemoBuild().catch((error) => {
    delete holder[KEY]
    throw error
  })
  return holder[KEY]
}

async function startDemoBuild(): Promise<DemoBuild> {
  // Under test-results/ (ignored by git and biome), one folder per run: two runs in one
  // working tree must not rebuild the site under each other's feet. Removed on dispose.
  const dir = join(repoRoot, `e2e/test-results/demo-dist-${process.pid}`)
  let child: ChildProcess | undefined
  const t0 = Date.now()
  const done = (async () => {
    if (!copyFreshDist(dir)) {
      rmSync(dir, { recursive: true, force: true })
      mkdirSync(dir, { recursive: true })
      await new Promise<void>((resolve, reject) => {
        const require = createRequire(join(repoRoot, 'package.json'))
        const viteBin = join(
          require.resolve('vite/package.json').replace(/package\.json$/, ''),
          'bin/vite.js',
        )
        child = spawn(
          process.execPath,
          [viteBin, 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'],
          {
            cwd: demoDir,
            stdio: ['ignore', 'inherit', 'inherit'],
          },
        )
        child.once('error', reject)
        child.once('exit', (code, signal) =>
          code === 0 ? resolve() : reject(new Error(`vite build of the demo exited ${code ?? signal}`)),
        )
      })
      child = undefined
    }
    console.log(`[demo build] ${dir} ready in ${Date.now() - t0} ms`)
    return dir
  })()
  // Observed here so that a failure is reported to the readers, not as an unhandled rejection.
  let outcome: { ok: true } | { ok: false; message: string } | undefined
  const ended = done.then(
    () => {
      outcome = { ok: true }
    },
    (error: unknown) => {
      outcome = { ok: false, message: error instanceof Error ? error.message : String(error) }
    },
  )
  const server: Server = createServer((_req, res) => {
    void ended.then(() => {
      if (outcome?.ok) res.writeHead(200, { 'content-type': 'text/plain' }).end(dir)
      else
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`the demo build failed: ${outcome?.message}`)
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const statusUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  let disposed: Promise<void> | undefined
  const dispose = () => {
    disposed ??= (async () => {
      child?.kill('SIGTERM')
      await ended
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      rmSync(dir, { recursive: true, force: true })
      delete (globalThis as Holder)[KEY]
    })()
    return disposed
  }
  return { dir, done, statusUrl, dispose }
}

/**
 * Waits for a shared demo build from a test file (polls `statusUrl` from `DemoBuild` every
 * 250 ms; the caller's hook time-out bounds the wait): resolves with its folder, or throws the
 * build's error.
 */
export async function waitForDemoBuild(statusUrl: string): Promise<string> {
  for (;;) {
    const res = await fetch(statusUrl)
    const text = await res.text()
    if (res.status === 200) return text
    if (res.status !== 202) throw new Error(text)
    await new Promise((r) => setTimeout(r, 250))
  }
}

/**
 * `examples/demo/dist` copied to `dir` when it is newer than every source it is built from
 * (after a `vite build` of the demo by hand); false when it is missing or stale, or when
 * PORTICO_E2E_REBUILD is set.
 */
function copyFreshDist(dir: string): boolean {
  const dist = join(demoDir, 'dist')
  const built = statOrUndefined(join(dist, 'index.html'))?.mtimeMs
  if (process.env.PORTICO_E2E_REBUILD || built === undefined) return false
  const sources = [
    'examples/demo/src',
    'examples/demo/index.html',
    'examples/demo/vite.config.ts',
    'examples/plugin-hello/src',
    'core/src',
    'ui-react/src',
    'adapters/evm/src',
    'plugins',
  ]
  const newest = Math.max(...sources.map((s) => newestMtime(join(repoRoot, s))))
  if (newest >= built) return false
  // A private copy: a later build of the demo (emptyOutDir) must not pull files from under the tests.
  rmSync(dir, { recursive: true, force: true })
  cpSync(dist, dir, { recursive: true })
  return true
}

function statOrUndefined(path: string) {
  try {
    return statSync(path)
  } catch {
    return undefined
  }
}

/** Newest modification time under `path` (node_modules and dist skipped). */
function newestMtime(path: string): number {
  const st = statOrUndefined(path)
  if (!st) return 0
  if (!st.isDirectory()) return st.mtimeMs
  let newest = st.mtimeMs
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue
    newest = Math.max(newest, newestMtime(join(path, entry)))
  }
  return newest
}
