import type { ChainAdapter, Logger } from '../contracts/index.js'

/** What `destroy()` releases, in this order (each once). */
export interface Releasable {
  /** Services first: SIWX, the balance poller, the connection (it stops listening to wallets). */
  services: readonly (() => void)[]
  adapters: readonly ChainAdapter[]
  /** Then the instance's own plumbing: analytics, persistence, timers, registries, bus, store. */
  plumbing: readonly (() => void)[]
}

/**
 * The instance's life: `isDestroyed` for every async step to check,
 * plugin teardowns collected as setups return them, and one `destroy` that
 * runs services, plugin teardowns, adapters' `destroy`, then plumbing.
 * A teardown or adapter that throws is logged and the rest still run.
 */
export function createLifecycle(logger: Logger) {
  let destroyed = false
  const teardowns: (() => void)[] = []
  const guarded = (what: string, run: () => void) => {
    try {
      run()
    } catch (error) {
      logger.warn(`Portico: ${what} threw`, error)
    }
  }
  return {
    isDestroyed: () => destroyed,
    /** A plugin's teardown: kept for `destroy()`, or run at once when the instance is already gone. */
    addTeardown(teardown: () => void) {
      if (destroyed) teardown()
      else teardowns.push(teardown)
    },
    destroy(release: Releasable) {
      if (destroyed) return
      destroyed = true
      for (const step of release.services) step()
      for (const teardown of teardowns.splice(0)) guarded('plugin teardown', teardown)
      for (const adapter of release.adapters) guarded('adapter destroy', () => adapter.destroy?.())
      for (const step of release.plumbing) step()
    },
  }
}
