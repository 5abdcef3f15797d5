import type {
  BackgroundConnection,
  ChainNamespace,
  ConnectionId,
  PorticoState,
  WalletConnection,
} from '../contracts/index.js'
import { CHAIN_NAMESPACES } from '../contracts/index.js'
import type { Store } from '../state/index.js'

/** A connection's id: `<namespace>:<connectorId>`. */
export function connectionIdOf(namespace: ChainNamespace, connectorId: string): ConnectionId {
  return `${namespace}:${connectorId}`
}

/** The namespace and connector of a connection id; `undefined` for anything else (input is untrusted). */
export function parseConnectionId(
  value: unknown,
): { namespace: ChainNamespace; connectorId: string } | undefined {
  if (typeof value !== 'string' || value.length > 300) return undefined
  const at = value.indexOf(':')
  if (at <= 0) return undefined
  const namespace = value.slice(0, at) as ChainNamespace
  const connectorId = value.slice(at + 1)
  if (!(CHAIN_NAMESPACES as readonly string[]).includes(namespace) || connectorId.length === 0)
    return undefined
  return { namespace, connectorId }
}

/** The namespace's current connection as a record (connected, with an address and a network). */
export function currentConnection(
  state: PorticoState,
  ns: ChainNamespace,
  options: { whileConnecting?: boolean } = {},
): BackgroundConnection | undefined {
  const account = state.accounts[ns]
  const network = state.networks.active[ns]
  const live =
    account?.status === 'connected' || (options.whileConnecting && account?.status === 'connecting')
  if (!live || !account?.address || !account.connectorId || !network) return undefined
  return {
    id: connectionIdOf(ns, account.connectorId),
    namespace: ns,
    connectorId: account.connectorId,
    address: account.address,
    caipNetworkId: network,
    allAccounts: account.allAccounts,
    ...(account.connectedWalletInfo ? { wallet: account.connectedWalletInfo } : {}),
  }
}

/** The id of the active connection: the current one of the active namespace. */
export function activeConnectionId(state: PorticoState): ConnectionId | undefined {
  const ns = state.activeNamespace
  return ns ? currentConnection(state, ns)?.id : undefined
}

let cache:
  | {
      accounts: PorticoState['accounts']
      background: PorticoState['backgroundConnections']
      active: PorticoState['networks']['active']
      activeNamespace: PorticoState['activeNamespace']
      value: readonly WalletConnection[]
    }
  | undefined

/**
 * Every wallet connection, namespace by namespace (in `CHAIN_NAMESPACES`
 * order): the current one first, then the background ones, newest first. The
 * same array is returned while the state it derives from is unchanged, so it
 * is safe as a React selector.
 */
export function selectConnections(state: PorticoState): readonly WalletConnection[] {
  if (
    cache &&
    cache.accounts === state.accounts &&
    cache.background === state.backgroundConnections &&
    cache.active === state.networks.active &&
    cache.activeNamespace === state.activeNamespace
  ) {
    return cache.value
  }
  const value: WalletConnection[] = []
  for (const ns of CHAIN_NAMESPACES) {
    const current = currentConnection(state, ns)
    if (current) value.push({ ...current, current: true, active: state.activeNamespace === ns })
    const others = (state.backgroundConnections ?? []).filter((c) => c.namespace === ns).reverse()
    for (const other of others) value.push({ ...other, current: false, active: false })
  }
  cache = {
    accounts: state.accounts,
    background: state.backgroundConnections,
    active: state.networks.active,
    activeNamespace: state.activeNamespace,
    value,
  }
  return value
}

/** The background connections kept in the store. */
export class BackgroundConnections {
  constructor(private readonly store: Store<PorticoState>) {}

  all(): readonly BackgroundConnection[] {
    return this.store.getState().backgroundConnections ?? []
  }

  find(id: ConnectionId): BackgroundConnection | undefined {
    return this.all().find((c) => c.id === id)
  }

  /** The newest background connection of a namespace. */
  newestOf(ns: ChainNamespace): BackgroundConnection | undefined {
    return this.all()
      .filter((c) => c.namespace === ns)
      .at(-1)
  }

  ofNamespace(ns: ChainNamespace): BackgroundConnection[] {
    return this.all().filter((c) => c.namespace === ns)
  }

  /** Adds (or replaces, as the newest) a background connection. */
  put(connection: BackgroundConnection): void {
    this.store.setState((s) => ({
      ...s,
      backgroundConnections: [
        ...(s.backgroundConnections ?? []).filter((c) => c.id !== connection.id),
        connection,
      ],
    }))
  }

  update(
    id: ConnectionId,
    patch: Partial<Omit<BackgroundConnection, 'id' | 'namespace' | 'connectorId'>>,
  ): void {
    this.store.setState((s) => ({
      ...s,
      backgroundConnections: (s.backgroundConnections ?? []).map((c) =>
        c.id === id ? { ...c, ...patch } : c,
      ),
    }))
  }

  /** Removes it; whether it was there. */
  remove(id: ConnectionId): boolean {
    if (!this.find(id)) return false
    this.store.setState((s) => ({
      ...s,
      backgroundConnections: (s.backgroundConnections ?? []).filter((c) => c.id !== id),
    }))
    return true
  }
}
