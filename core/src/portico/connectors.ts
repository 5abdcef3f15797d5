import type { ConnectionService } from '../connection/index.js'
import type { ChainNamespace, Connector, ConnectorProvider, PorticoState } from '../contracts/index.js'
import type { AdapterRegistry } from '../networks/index.js'
import type { Store } from '../state/index.js'

/**
 * `state.connectors`: each adapter's list (in adapter order), then the
 * plugins' connectors. Adapters replace their list with `ctx.setConnectors`;
 * plugins add theirs with `ctx.registerConnector`.
 */
export function createConnectorLists(deps: {
  store: Store<PorticoState>
  adapters: AdapterRegistry
  connection: ConnectionService
  isDestroyed(): boolean
}) {
  const byNamespace = new Map<ChainNamespace, readonly Connector[]>()
  const byProvider = new Map<ConnectorProvider, readonly Connector[]>()
  const publish = () => {
    const order = [...deps.adapters.all().map((a) => a.namespace), ...byNamespace.keys()]
    const flat = [...new Set(order)].flatMap((ns) => byNamespace.get(ns) ?? [])
    for (const list of byProvider.values()) flat.push(...list)
    deps.store.setState((s) => ({ ...s, connectors: flat }))
  }
  return {
    has: (namespace: ChainNamespace) => byNamespace.has(namespace),
    set(namespace: ChainNamespace, list: readonly Connector[]) {
      byNamespace.set(namespace, list)
      publish()
    },
    register(provider: ConnectorProvider): () => void {
      const unroute = deps.connection.registerProvider(provider)
      // One entry per provider id: a re-registration replaces the previous one.
      for (const other of byProvider.keys())
        if (other.id === provider.id && other !== provider) byProvider.delete(other)
      byProvider.set(provider, provider.connectors)
      publish()
      let registered = true
      return () => {
        if (!registered) return
        registered = false
        unroute()
        if (byProvider.delete(provider) && !deps.isDestroyed()) publish()
      }
    },
  }
}
