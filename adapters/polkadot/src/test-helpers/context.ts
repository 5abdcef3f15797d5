import type { ChainNamespace, Connector, PorticoContext } from '@portico/core'

/** A minimal adapter context for tests: records `setConnectors` calls and logged warnings. */
export function createTestContext(overrides: Partial<PorticoContext> = {}) {
  const published: Connector[][] = []
  const warnings: string[] = []
  const ctx = {
    options: {},
    events: { on() {}, off() {}, emit() {} },
    storage: { get: () => undefined, set() {}, remove() {} },
    logger: {
      debug() {},
      info() {},
      warn: (m: string) => warnings.push(m),
      error: (m: string) => warnings.push(m),
    },
    api: {} as PorticoContext['api'],
    getState: () => {
      throw new Error('not used by the adapter')
    },
    subscribe: () => () => {},
    setConnectors: (namespace: ChainNamespace, connectors: readonly Connector[]) => {
      if (namespace === 'polkadot') published.push([...connectors])
    },
    isBrowser: false,
    ...overrides,
  } as PorticoContext
  return { ctx, warnings, latest: () => published.at(-1) ?? [], published }
}

/** Installs a `window` global (a plain object) so `window.injectedWeb3` works in Node. */
export function installWindow(): () => void {
  const g = globalThis as { window?: unknown }
  if (g.window) return () => {}
  g.window = {}
  return () => {
    delete g.window
  }
}

/** Waits until `check` is true (polling), or fails after `ms`. */
export async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error('until(): condition not met in time')
    await new Promise((r) => setTimeout(r, 20))
  }
}
