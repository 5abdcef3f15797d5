import type {
  ApiClients,
  ChainNamespace,
  Connector,
  Logger,
  PorticoContext,
  PorticoState,
  PorticoStorage,
} from '@portico/core'

/** What `createTestContext` records, beside the context itself. */
export interface TestContext {
  ctx: PorticoContext
  /** Every `setConnectors` call for `namespace`, in order. */
  published: Connector[][]
  /** The connectors most recently published for `namespace`. */
  latest(): readonly Connector[]
  /** Warnings and errors the adapter logged, in order. */
  warnings: { message: string; details: unknown }[]
  /** The in-memory storage behind `ctx.storage`. */
  memory: Map<string, unknown>
}

/**
 * A hand-built `PorticoContext` for adapter-level tests that need no
 * `createPortico` (discovery, connector lists, first-load behaviour): it
 * records `setConnectors` for one namespace and every logged warning, keeps
 * storage in memory, and answers `getState` with no networks. Anything else
 * can be overridden.
 *
 * @example
 * const t = createTestContext({ namespace: 'solana', isBrowser: true })
 * await adapter.setup(t.ctx)
 * await until(() => t.latest().length > 0)
 */
export function createTestContext(options: {
  namespace: ChainNamespace
  isBrowser?: boolean
  overrides?: Partial<PorticoContext>
}): TestContext {
  const published: Connector[][] = []
  const warnings: { message: string; details: unknown }[] = []
  const memory = new Map<string, unknown>()
  const logger: Logger = {
    debug() {},
    info() {},
    warn: (message, details) => void warnings.push({ message, details }),
    error: (message, details) => void warnings.push({ message, details }),
  }
  const storage: PorticoStorage = {
    get: (key) => memory.get(key) as never,
    set: (key, value) => void memory.set(key, value),
    remove: (key) => void memory.delete(key),
  }
  const ctx: PorticoContext = {
    options: {},
    events: { on() {}, off() {}, emit() {} } as unknown as PorticoContext['events'],
    storage,
    logger,
    api: {} as ApiClients,
    getState: () => ({ networks: { all: [], active: {}, unsupported: {} } }) as unknown as PorticoState,
    subscribe: () => () => {},
    setConnectors(namespace, list) {
      if (namespace === options.namespace) published.push([...list])
    },
    isBrowser: options.isBrowser ?? false,
    ...options.overrides,
  }
  return { ctx, published, latest: () => published.at(-1) ?? [], warnings, memory }
}
