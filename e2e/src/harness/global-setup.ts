import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { TestProject } from 'vitest/node'
import { sharedDemoBuild } from './demo-build.js'
import { type StaticServer, startStaticServer } from './static-server.js'
import { e2eWorkers } from './workers.js'
import type { E2eWorld } from './world.js'

const repoRoot = join(import.meta.dirname, '../../..')
const demoDir = join(repoRoot, 'examples/demo')

/**
 * Vitest global setup of the `e2e` project: for each e2e worker (`e2eWorkers()`), starts an EVM devnet, starts the
 * demo's build (`sharedDemoBuild`: one per run, shared with the `demo` project's
 * build test) and serves it on 127.0.0.1 (port 0) twice — plain, and with the
 * strict CSP header. The build is not awaited here: it runs while the unit-test
 * projects do (e2e runs last), the servers hold requests until it is done, and
 * `useBrowser` waits for it (`demoBuildUrl`) before a file's first test. Tests
 * read where everything is with `currentWorld()` / `getWorld()` (their worker's world). The
 * returned teardown stops all of it.
 */
export default async function setup(project: TestProject) {
  const stops: Array<() => Promise<void>> = []
  const teardown = async () => {
    for (const stop of stops.reverse()) await stop().catch((error) => console.error('[e2e] teardown:', error))
  }
  try {
    const worlds = await Promise.all(Array.from({ length: e2eWorkers() }, () => startWorld(stops)))
    project.provide('e2eWorlds', worlds)
    // Each file leases a world of its own for its whole run (world.ts, `leaseWorld`).
    const leases = mkdtempSync(join(tmpdir(), 'portico-e2e-leases-'))
    stops.push(async () => rmSync(leases, { recursive: true, force: true }))
    project.provide('e2eLeaseDir', leases)
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
      demoBuildUrl: undefined,
      demoMissing: reason,
      chains: [],
      fixtures: { tokens: [], accounts: [], tokenGrant: '0' },
    }
  }
  // The build first: it runs in its own process while the devnet starts.
  const hasDemo = existsSync(join(demoDir, 'package.json')) && existsSync(join(demoDir, 'index.html'))
  const build = hasDemo ? await sharedDemoBuild() : undefined
  if (build) stops.push(() => build.dispose())
  const devnet = await devnetModule.startEvmDevnet()
  stops.push(() => devnet.stop())
  const t1 = Date.now()

  let demo: StaticServer | undefined
  let cspDemo: StaticServer | undefined
  let demoMissing: string | undefined
  let demoBuildUrl: string | undefined
  if (build) {
    demoBuildUrl = build.statusUrl
    const root = build.dir
    const ready = build.done
    const tokens = devnet.fixtures.tokens
    // The demo reads /devnet.json at start (examples/demo/src/setup.ts).
    // The WalletConnect relay is named on the page's own origin, where upgrades are refused: no relay
    // runs in these tests, and the demo must not find another one (e.g. a `npm run demo` on :8550).
    const relay = (origin: string) => ({ url: `${origin.replace(/^http/, 'ws')}/relay` })
    demo = await startStaticServer({
      root,
      ready,
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
      ready,
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
    `[e2e] devnet ${t1 - t0} ms (${devnet.chains.map((c) => `${c.chainId}@${c.port}`).join(', ')}); demo build started, served ${t2 - t1} ms${demo ? ` at ${demo.url} (CSP copy ${cspDemo?.url})` : ''}`,
  )
  return {
    demoUrl: demo?.url,
    cspDemoUrl: cspDemo?.url,
    demoBuildUrl,
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
