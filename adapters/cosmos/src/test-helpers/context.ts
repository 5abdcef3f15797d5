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
      if (namespace === 'cosmos') published.push([...connectors])
    },
    isBrowser: false,
    ...overrides,
  } as PorticoContext
  return {
    ctx,
    warnings,
    /** The connectors most recently published for `cosmos`. */
    latest: () => published.at(-1) ?? [],
    published,
  }
}
