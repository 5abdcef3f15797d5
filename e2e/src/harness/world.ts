import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { inject } from 'vitest'

export { e2eWorkers } from './workers.js'

/** What the global setup started, handed to every e2e test file. */
export interface E2eWorld {
  /** The built demo served on 127.0.0.1. */
  demoUrl: string | undefined
  /** The same build served with `Content-Security-Policy: default-src 'self'` (RPC proxied same-origin). */
  cspDemoUrl: string | undefined
  /**
   * Answers once the demo's build (still running when the setup returned) has ended: 200, or
   * 500 with the build's error (`waitForDemoBuild`). Unset when no demo is served.
   */
  demoBuildUrl: string | undefined
  /** Why the demo is not served (not written yet), when `demoUrl` is unset. */
  demoMissing: string | undefined
  chains: Array<{ chainId: number; rpcUrl: string }>
  fixtures: {
    tokens: Array<{ address: string; symbol: string; decimals: number }>
    accounts: string[]
    /** Whole units of each token every dev account starts with. */
    tokenGrant: string
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One world per e2e worker (`e2eWorkers()`), in worker order. */
    e2eWorlds: E2eWorld[]
    /** A directory of this run where a file holds its world's lease (`leaseWorld`). */
    e2eLeaseDir: string
  }
}

/**
 * The world of the worker running this file (`VITEST_POOL_ID`, 1…maxWorkers, unique among the
 * files running at the same time).
 */
export function currentWorld(): E2eWorld {
  const worlds = inject('e2eWorlds')
  const world = worlds[leased ?? preferredWorld(worlds.length)]
  if (!world) throw new Error('e2e: the global setup provided no world')
  return world
}

/** The world index of this file's lease, while it holds one. */
let leased: number | undefined

function preferredWorld(count: number): number {
  const pool = Number(process.env.VITEST_POOL_ID ?? 1)
  return (Math.max(1, Number.isFinite(pool) ? pool : 1) - 1) % Math.max(1, count)
}

/**
 * Takes a world for the file about to run, exclusively: files snapshot and revert the anvils, and
 * two files on one world revert each other's transactions ("evm_revert: Resource not found", an
 * NFT or an Activity row gone). The worker's own world (`VITEST_POOL_ID`) is tried first; when a
 * file of another worker holds it, any free world is taken, else the file waits. The lease is an
 * atomic `mkdir` in the run's lease directory; `releaseWorld` gives it back.
 */
export async function leaseWorld(timeoutMs = 15 * 60_000): Promise<number> {
  const count = inject('e2eWorlds').length
  const dir = inject('e2eLeaseDir')
  const first = preferredWorld(count)
  const order = Array.from({ length: count }, (_, i) => (first + i) % count)
  const end = Date.now() + timeoutMs
  let waited = false
  for (;;) {
    for (const index of order) {
      try {
        mkdirSync(join(dir, `world-${index}`))
        leased = index
        if (index !== first || waited)
          console.warn(
            `[e2e] world ${index + 1} leased (VITEST_POOL_ID ${process.env.VITEST_POOL_ID}; waited: ${waited})`,
          )
        return index
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      }
    }
    if (Date.now() > end) throw new Error(`e2e: no world was free for ${timeoutMs} ms (${dir})`)
    waited = true
    await new Promise((r) => setTimeout(r, 250))
  }
}

/** Gives the file's world back (after its own afterAll hooks reverted what it changed). */
export function releaseWorld(): void {
  if (leased === undefined) return
  rmSync(join(inject('e2eLeaseDir'), `world-${leased}`), { recursive: true, force: true })
  leased = undefined
}

/** The running world; throws a clear message when the demo is not there yet. */
export function getWorld(): E2eWorld & { demoUrl: string; cspDemoUrl: string } {
  const world = currentWorld()
  if (!world.demoUrl || !world.cspDemoUrl) throw new Error(world.demoMissing ?? 'the demo is not served')
  return world as E2eWorld & { demoUrl: string; cspDemoUrl: string }
}
