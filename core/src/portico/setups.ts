import type { ConnectionService } from '../connection/index.js'
import type { Logger, PluginContext, PorticoContext, PorticoOptions } from '../contracts/index.js'
import type { InstanceEventBus } from '../events/index.js'
import type { AdapterRegistry } from '../networks/index.js'
import type { createConnectorLists } from './connectors.js'

export interface SetupDeps {
  options: PorticoOptions
  adapters: AdapterRegistry
  context: PorticoContext
  pluginContext: PluginContext
  connectorLists: ReturnType<typeof createConnectorLists>
  connection: ConnectionService
  recent: Parameters<ConnectionService['reconnect']>[0]
  stored: Parameters<ConnectionService['reconnect']>[1]
  logger: Logger
  events: InstanceEventBus
  isDestroyed(): boolean
  /** Keeps a plugin's teardown for `destroy()` (or runs it when the instance is already gone). */
  addTeardown(teardown: () => void): void
  /** What must listen before any account connects (the sign-in service's chunk); `connect` waits too. */
  beforeConnections?: Promise<void>
}

/**
 * The last step of `createPortico`: every adapter's and plugin's `setup`,
 * started synchronously in order (adapters, then plugins), then the restore
 * of the recent connection. A setup that throws is logged and reported as an
 * `ERROR` event, and the others go on. Resolves as `portico.ready`.
 */
export function startSetups(deps: SetupDeps): Promise<void> {
  const { adapters, connectorLists, logger, events } = deps
  const guard = async (what: string, run: () => unknown): Promise<unknown> => {
    try {
      return await run()
    } catch (error) {
      logger.error(`Portico: ${what} setup failed`, error)
      events.emit('ERROR', { error, event: `${what}:setup` })
      return undefined
    }
  }
  // Each adapter's connectors are seeded once its setup settled, unless it announced them itself.
  const adapterSetups = adapters.all().map((adapter) =>
    guard(`adapter ${adapter.namespace}`, () => adapter.setup(deps.context)).then(() => {
      if (deps.isDestroyed() || connectorLists.has(adapter.namespace)) return
      try {
        connectorLists.set(adapter.namespace, adapter.getConnectors())
      } catch (error) {
        logger.warn('Portico: getConnectors failed', error)
      }
    }),
  )
  const pluginSetups = (deps.options.plugins ?? []).map((plugin) =>
    guard(`plugin ${plugin.id}`, () => plugin.setup(deps.pluginContext)).then((teardown) => {
      if (typeof teardown === 'function') deps.addTeardown(teardown as () => void)
    }),
  )
  const adaptersReady = Promise.all([...adapterSetups, deps.beforeConnections]).then(() => {})
  deps.connection.adaptersReady = adaptersReady
  return (async () => {
    await adaptersReady
    if (deps.isDestroyed()) return
    await Promise.all(pluginSetups)
    if (deps.isDestroyed() || deps.options.reconnectOnLoad === false) return
    await deps.connection.reconnect(deps.recent, deps.stored)
  })()
}
