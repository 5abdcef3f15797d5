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
  }
}

/**
 * The world of the worker running this file (`VITEST_POOL_ID`, 1…maxWorkers, unique among the
 * files running at the same time).
 */
export function currentWorld(): E2eWorld {
  const worlds = inject('e2eWorlds')
  const pool = Number(process.env.VITEST_POOL_ID ?? 1)
  const world = worlds[(Math.max(1, pool) - 1) % worlds.length]
  if (!world) throw new Error('e2e: the global setup provided no world')
  return world
}

/** The running world; throws a clear message when the demo is not there yet. */
export function getWorld(): E2eWorld & { demoUrl: string; cspDemoUrl: string } {
  const world = currentWorld()
  if (!world.demoUrl || !world.cspDemoUrl) throw new Error(world.demoMissing ?? 'the demo is not served')
  return world as E2eWorld & { demoUrl: string; cspDemoUrl: string }
}
