import type {
  ApiClients,
  ChainNamespace,
  Connector,
  Logger,
  PorticoContext,
  PorticoState,
  PorticoStorage,
} from '@portico/core'

/** A hand-built PorticoContext for adapter-level tests (no createPortico). */
export function createTestContext(opts: { isBrowser: boolean }) {
  const connectorUpdates: Connector[][] = []
  const warnings: { message: string; details: unknown }[] = []
  const logger: Logger = {
    debug() {},
    info() {},
    warn(message, details) {
      warnings.push({ message, details })
    },
    error() {},
  }
  const memory = new Map<string, unknown>()
  const storage: PorticoStorage = {
    get: (key) => memory.get(key) as never,
    set: (key, value) => void memory.set(key, value),
    remove: (key) => void memory.delete(key),
  }
  const ctx: PorticoContext = {
    options: {},
    events: { on() {}, off() {}, emit() {} },
    storage,
    logger,
    api: {} as ApiClients,
    getState: () => ({ networks: { all: [], active: {}, unsupported: {} } }) as unknown as PorticoState,
    subscribe: () => () => {},
    setConnectors(namespace: ChainNamespace, list: readonly Connector[]) {
      if (namespace === 'eip155') connectorUpdates.push([...list])
    },
    isBrowser: opts.isBrowser,
  }
  return { ctx, connectorUpdates, warnings }
}
