import { spawn } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { TestProject } from 'vitest/node'
import { type StaticServer, startStaticServer } from './static-server.js'
import type { E2eWorld } from './world.js'

const repoRoot = join(import.meta.dirname, '../../..')
const demoDir = join(repoRoot, 'examples/demo')
// Under test-results/ (ignored by git and biome), one folder per run: two runs in one
// working tree must not rebuild the site under each other's feet. Removed on teardown.
const buildDir = join(repoRoot, `e2e/test-results/demo-dist-${process.pid}`)

/**
 * Vitest global setup of the `e2e` project: starts the EVM devnet, builds the
 * demo once with Vite and serves it on 127.0.0.1 (port 0) twice — plain, and
 * with the strict CSP header. Tests read where everything is with
 * `inject('e2e')`. The returned teardown stops all of it.
 */
export default async function setup(project: TestProject) {
  const stops: Array<() => Promise<void>> = [async () => rmSync(buildDir, { recursive: true, force: true })]
  const teardown = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => {})
  }
  try {
    const world = await startWorld(stops)
    project.provide('e2e', world)
  } catch (error) {
    await teardown()
    throw error
  }
  return teardown
}

async function startWorld(stops: Array<() => Promise<void>>): Promise<E2eWorld> {
  const t0 = Date.now()
  let devnetModule: { startEvmDevnet: typeof import('@portico/devnet').startEvmDevnet }
  try {
    devnetModule = await importWorkspaceSource<typeof devnetModule>('@portico/devnet')
  } catch (error) {
    const reason = `@portico/devnet cannot be loaded yet: ${(error as Error).message.split('\n')[0]}`
    console.warn(`[e2e] ${reason}`)
    return {
      demoUrl: undefined,
      cspDemoUrl: undefined,
      demoMissing: reason,
      chains: [],
      fixtures: { tokens: [], accounts: [], tokenGrant: '0' },
    }
  }
  const devnet = await devnetModule.startEvmDevnet()
  stops.push(() => devnet.stop())
  const t1 = Date.now()

  let demo: StaticServer | undefined
  let cspDemo: StaticServer | undefined
  let demoMissing: string | undefined
  if (existsSync(join(demoDir, 'package.json')) && existsSync(join(demoDir, 'index.html'))) {
    const root = await demoBuild()
    const tokens = devnet.fixtures.tokens
    // The demo reads /devnet.json at start (examples/demo/src/setup.ts).
    // The WalletConnect relay is named on the page's own origin, where upgrades are refused: no relay
    // runs in these tests, and the demo must not find another one (e.g. a `npm run demo` on :8550).
    const relay = (origin: string) => ({ url: `${origin.replace(/^http/, 'ws')}/relay` })
    demo = await startStaticServer({
      root,
      json: {
        '/devnet.json': (origin: string) => ({
          chains: devnet.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl })),
          tokens,
          walletconnect: relay(origin),
        }),
      },
    })
    stops.push(() => demo!.close())
    // Under `default-src 'self'` the page may only fetch its own origin: RPC goes through a same-origin proxy.
    cspDemo = await startStaticServer({
      root,
      csp: true,
      proxy: Object.fromEntries(devnet.chains.map((c) => [`/rpc/${c.chainId}`, c.rpcUrl])),
      json: {
        '/devnet.json': (origin: string) => ({
          chains: devnet.chains.map(({ chainId }) => ({ chainId, rpcUrl: `${origin}/rpc/${chainId}` })),
          tokens,
          walletconnect: relay(origin),
        }),
      },
    })
    stops.push(() => cspDemo!.close())
  } else {
    demoMissing = 'examples/demo is not written yet (no package.json / index.html)'
  }
  const t2 = Date.now()
  console.log(
    `[e2e] devnet ${t1 - t0} ms (${devnet.chains.map((c) => `${c.chainId}@${c.port}`).join(', ')}); demo build+serve ${t2 - t1} ms${demo ? ` at ${demo.url} (CSP copy ${cspDemo?.url})` : ''}`,
  )
  return {
    demoUrl: demo?.url,
    cspDemoUrl: cspDemo?.url,
    demoMissing,
    chains: devnet.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl })),
    fixtures: {
      tokens: devnet.fixtures.tokens.map(({ address, symbol, decimals }) => ({ address, symbol, decimals })),
      accounts: devnet.fixtures.accounts.map((a) => a.address),
      tokenGrant: devnet.fixtures.tokenGrant,
    },
  }
}

/**
 * Imports a workspace package through its `source` export condition, like the
 * tests do (vitest's global setup resolves with the root config, which does
 * not set that condition, and dist/ may not be built).
 */
async function importWorkspaceSource<T>(name: string): Promise<T> {
  const dir = join(repoRoot, 'e2e/node_modules', name)
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
  const source = pkg.exports?.['.']?.source
  if (typeof source !== 'string') throw new Error(`${name} has no "source" export`)
  return await import(/* @vite-ignore */ pathToFileURL(join(realpathSync(dir), source)).href)
}

/**
 * The demo's built site. `npm test` has just run every package's build, the
 * demo's `vite build` included: its `examples/demo/dist` is reused when it is
 * newer than every source it is built from (copied). Otherwise (a lone
 * `vitest --project e2e`, or PORTICO_E2E_REBUILD=1) the demo is built here once.
 */
async function demoBuild(): Promise<string> {
  const dist = join(demoDir, 'dist')
  const built = statOrUndefined(join(dist, 'index.html'))?.mtimeMs
  if (!process.env.PORTICO_E2E_REBUILD && built !== undefined) {
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
    if (newest < built) {
      // A private copy: a later build of the demo (emptyOutDir) must not pull files from under the tests.
      rmSync(buildDir, { recursive: true, force: true })
      cpSync(dist, buildDir, { recursive: true })
      return buildDir
    }
  }
  await buildDemo()
  return buildDir
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

/** `vite build` of examples/demo (its own vite.config.ts) into e2e/test-results/demo-dist. */
async function buildDemo() {
  rmSync(buildDir, { recursive: true, force: true })
  mkdirSync(buildDir, { recursive: true })
  const require = createRequire(join(repoRoot, 'package.json'))
  const viteBin = join(require.resolve('vite/package.json').replace(/package\.json$/, ''), 'bin/vite.js')
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [viteBin, 'build', '--outDir', buildDir, '--emptyOutDir', '--logLevel', 'warn'],
      {
        cwd: demoDir,
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    )
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build of the demo exited ${code}`)),
    )
  })
}
