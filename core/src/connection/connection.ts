import type { AccountsService, BalanceService } from '../accounts/index.js'
import type {
  AccountRecord,
  CaipNetworkId,
  ChainAdapter,
  ChainNamespace,
  Connector,
  ConnectorProvider,
  ConnectResult,
  Logger,
  PorticoState,
  PorticoStorage,
} from '../contracts/index.js'
import { AlreadyConnectedError, ChainAdapterNotFoundError, toPorticoError } from '../errors/index.js'
import type { InstanceEventBus } from '../events/index.js'
import { type AdapterRegistry, accountLocation, type NetworksService } from '../networks/index.js'
import type { Store } from '../state/index.js'

/** Storage key of the recent connector id per namespace: `<prefix>:recentConnectors`. */
export const RECENT_CONNECTORS_KEY = 'recentConnectors'

type RecentConnectors = Partial<Record<ChainNamespace, string>>

function isRecentConnectors(value: unknown): value is RecentConnectors {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string' && v.length > 0)
  )
}

/** The stored recent connector id per namespace; a corrupted or foreign value reads as none. */
export function readRecentConnectors(storage: PorticoStorage): RecentConnectors {
  return storage.get(RECENT_CONNECTORS_KEY, isRecentConnectors) ?? {}
}

export interface ConnectionDeps {
  store: Store<PorticoState>
  events: InstanceEventBus
  storage: PorticoStorage
  logger: Logger
  adapters: AdapterRegistry
  accounts: AccountsService
  networks: NetworksService
  balance: BalanceService
  /** After a successful connect: close the modal (or show Account when embedded). */
  onConnected(namespace: ChainNamespace): void
  /** After a namespace lost its connection (explicit disconnect or the wallet's event). */
  onDisconnected(namespace: ChainNamespace): void
  /** After the recent connection was restored on load. */
  onRestored?(namespace: ChainNamespace): void
}

/**
 * The connection state machine of SPEC §4, per namespace:
 * disconnected → connecting → connected; a failure returns to connected when a
 * connection exists, else to disconnected; reconnecting on load when a recent
 * connector is stored.
 *
 * A connector id may belong to an adapter or to a `ConnectorProvider` a plugin
 * registered (WalletConnect…): the provider's connection can span several
 * namespaces, each following the same rules.
 */
export class ConnectionService {
  /** Namespace → detach functions of the wallet listeners attached on connect. */
  private readonly listeners = new Map<ChainNamespace, (() => void)[]>()
  /** Plugin connector providers, by connector id. */
  private readonly providers = new Map<string, ConnectorProvider>()
  private destroyed = false

  constructor(private readonly deps: ConnectionDeps) {}

  /** Resolves when the adapters' setups settled; connect waits for it (discovery may still be running). */
  adaptersReady: Promise<void> = Promise.resolve()

  /**
   * Routes a connector id to a plugin's provider (`ctx.registerConnector`).
   * The returned function removes it; namespaces still connected through it
   * are reset then (not on destroy: the wallet's session stays for a reload).
   */
  registerProvider(provider: ConnectorProvider): () => void {
    this.providers.set(provider.id, provider)
    return () => {
      if (this.providers.get(provider.id) !== provider) return
      this.providers.delete(provider.id)
      if (this.destroyed) return
      for (const ns of this.namespacesOf(provider.id)) this.onAdapterDisconnect(ns)
    }
  }

  /** The provider a connector id belongs to, if a plugin registered one. */
  providerOf(connectorId: string | undefined): ConnectorProvider | undefined {
    return connectorId === undefined ? undefined : this.providers.get(connectorId)
  }

  /** Namespaces connected (or being restored) through a connector id. */
  private namespacesOf(connectorId: string): ChainNamespace[] {
    const { accounts } = this.deps.store.getState()
    return (Object.keys(accounts) as ChainNamespace[]).filter((ns) => {
      const account = accounts[ns]
      return (
        account?.connectorId === connectorId &&
        (account.status === 'connected' || account.status === 'reconnecting')
      )
    })
  }

  /** Stored recent connector ids, per namespace (foreign/corrupted values read as none). */
  readRecent(): RecentConnectors {
    return readRecentConnectors(this.deps.storage)
  }

  private writeRecent(namespace: ChainNamespace, connectorId: string | undefined): void {
    const recent = { ...this.readRecent() }
    if (connectorId === undefined) delete recent[namespace]
    else recent[namespace] = connectorId
    if (Object.keys(recent).length === 0) this.deps.storage.remove(RECENT_CONNECTORS_KEY)
    else this.deps.storage.set(RECENT_CONNECTORS_KEY, recent)
    if (connectorId !== undefined) {
      this.deps.store.setState((s) =>
        s.recentConnectorId === connectorId ? s : { ...s, recentConnectorId: connectorId },
      )
    }
  }

  private resolveAdapter(
    connectorId: string,
    namespace?: ChainNamespace,
  ): { adapter: ChainAdapter; connector?: Connector } {
    const { adapters, store } = this.deps
    const connectors = store.getState().connectors
    const connector = connectors.find(
      (c) => c.id === connectorId && (namespace === undefined || c.chain === namespace),
    )
    const ns = namespace ?? connector?.chain
    if (ns) return { adapter: adapters.get(ns), connector }
    const fromAdapters = adapters.all().find((a) => a.getConnectors().some((c) => c.id === connectorId))
    if (fromAdapters) {
      return {
        adapter: fromAdapters,
        connector: fromAdapters.getConnectors().find((c) => c.id === connectorId),
      }
    }
    const only = adapters.all()
    if (only.length === 1 && only[0]) return { adapter: only[0] }
    throw new ChainAdapterNotFoundError({ details: `no adapter offers connector ${connectorId}` })
  }

  /**
   * Connects a connector. Rejects with `AlreadyConnectedError` when it is the
   * namespace's current connector (SPEC §4); adapter errors are converted to
   * typed Portico errors (e.g. EIP-1193 4001 → UserRejectedRequestError).
   */
  async connect(
    connectorId: string,
    options: { namespace?: ChainNamespace; caipNetworkId?: CaipNetworkId } = {},
  ): Promise<void> {
    await this.adaptersReady
    const provider = this.providers.get(connectorId)
    if (provider) return this.connectProvider(provider, options)
    const { adapter, connector } = this.resolveAdapter(connectorId, options.namespace)
    const ns = adapter.namespace
    const before = this.deps.accounts.get(ns)
    const hadConnection = before?.status === 'connected' && Boolean(before.address)
    if (hadConnection && before?.connectorId === connectorId) {
      throw new AlreadyConnectedError({ connectorId })
    }
    this.deps.accounts.update(ns, { status: 'connecting' })
    const caipNetworkId = options.caipNetworkId ?? this.deps.store.getState().networks.active[ns]
    let result: Awaited<ReturnType<ChainAdapter['connect']>>
    try {
      result = await adapter.connect({ connectorId, ...(caipNetworkId ? { caipNetworkId } : {}) })
      if (result.accounts.length === 0) throw new Error('The wallet returned no accounts')
    } catch (cause) {
      const error = toPorticoError(cause)
      // SPEC §4: back to connected if a connection exists, else disconnected.
      const stillConnected = Boolean(this.deps.accounts.get(ns)?.address) && hadConnection
      this.deps.accounts.update(ns, { status: stillConnected ? 'connected' : 'disconnected' })
      this.deps.events.emit('CONNECT_ERROR', { namespace: ns, connectorId, error })
      throw error
    }
    if (this.destroyed) return
    if (hadConnection && before?.connectorId && before.connectorId !== connectorId) {
      await this.releasePrevious(ns, before.connectorId)
    }
    this.applyConnection(ns, connectorId, result.accounts, result.caipNetworkId, connector)
    this.writeRecent(ns, connectorId)
    const address = result.accounts[0]?.address ?? ''
    this.deps.events.emit('CONNECT_SUCCESS', {
      namespace: ns,
      connectorId,
      address,
      caipNetworkId: result.caipNetworkId,
    })
    this.deps.onConnected(ns)
    void this.deps.balance.refresh(ns)
  }

  /**
   * Connects through a plugin's provider: one wallet approval may connect
   * several namespaces (`result.sessions`); each is applied like an adapter
   * connection. The requested namespace (default: the active one when the
   * provider offers it, else the provider's first) goes through `connecting`
   * and ends up active.
   */
  private async connectProvider(
    provider: ConnectorProvider,
    options: { namespace?: ChainNamespace; caipNetworkId?: CaipNetworkId },
  ): Promise<void> {
    const connectorId = provider.id
    const state = this.deps.store.getState()
    const offered = provider.connectors.map((c) => c.chain)
    const ns =
      options.namespace ??
      (state.activeNamespace && offered.includes(state.activeNamespace)
        ? state.activeNamespace
        : undefined) ??
      offered[0] ??
      state.activeNamespace
    if (!ns) throw new ChainAdapterNotFoundError({ details: `no namespace for connector ${connectorId}` })
    const before = this.deps.accounts.get(ns)
    const hadConnection = before?.status === 'connected' && Boolean(before.address)
    if (hadConnection && before?.connectorId === connectorId) {
      throw new AlreadyConnectedError({ connectorId })
    }
    const restore = () => {
      // SPEC §4: back to connected if a connection exists, else disconnected.
      const stillConnected = Boolean(this.deps.accounts.get(ns)?.address) && hadConnection
      this.deps.accounts.update(ns, { status: stillConnected ? 'connected' : 'disconnected' })
    }
    this.deps.accounts.update(ns, { status: 'connecting' })
    const caipNetworkId = options.caipNetworkId ?? state.networks.active[ns]
    let sessions: [ChainNamespace, ConnectResult][]
    try {
      const result = await provider.connect({
        connectorId,
        namespace: ns,
        ...(caipNetworkId ? { caipNetworkId } : {}),
      })
      sessions = (Object.entries(result.sessions) as [ChainNamespace, ConnectResult | undefined][]).filter(
        (entry): entry is [ChainNamespace, ConnectResult] => (entry[1]?.accounts.length ?? 0) > 0,
      )
      if (sessions.length === 0) throw new Error('The wallet returned no accounts')
    } catch (cause) {
      const error = toPorticoError(cause)
      restore()
      this.deps.events.emit('CONNECT_ERROR', { namespace: ns, connectorId, error })
      throw error
    }
    if (this.destroyed) return
    // The requested namespace is applied last so that it ends up active.
    const primary = sessions.some(([n]) => n === ns) ? ns : sessions[0]![0]
    sessions.sort(([a], [b]) => Number(a === primary) - Number(b === primary))
    if (primary !== ns) restore()
    for (const [sns, result] of sessions) {
      // The requested namespace is `connecting` by now: its previous connection is `before`.
      const previous = sns === ns ? (hadConnection ? before : undefined) : this.deps.accounts.get(sns)
      if (previous?.status === 'connected' && previous.connectorId && previous.connectorId !== connectorId) {
        await this.releasePrevious(sns, previous.connectorId)
      }
      const connector = this.deps.store
        .getState()
        .connectors.find((c) => c.id === connectorId && c.chain === sns)
      this.applyConnection(sns, connectorId, result.accounts, result.caipNetworkId, connector, {
        activate: sns === primary,
      })
      this.writeRecent(sns, connectorId)
      this.deps.events.emit('CONNECT_SUCCESS', {
        namespace: sns,
        connectorId,
        address: result.accounts[0]?.address ?? '',
        caipNetworkId: result.caipNetworkId,
      })
    }
    this.deps.onConnected(primary)
    for (const [sns] of sessions) void this.deps.balance.refresh(sns)
  }

  /**
   * Switching wallets within a namespace: drops the old wallet's listeners and
   * session. A provider's connection is ended only when no other namespace uses it.
   */
  private async releasePrevious(ns: ChainNamespace, previousId: string): Promise<void> {
    this.detach(ns)
    const provider = this.providers.get(previousId)
    try {
      if (!provider) await this.deps.adapters.get(ns).disconnect({ connectorId: previousId })
      else if (this.namespacesOf(previousId).every((n) => n === ns))
        await provider.disconnect({ connectorId: previousId, namespace: ns })
    } catch (error) {
      this.deps.logger.warn('Portico: could not disconnect the previous wallet', error)
    }
  }

  /**
   * Disconnects a namespace, or every connected namespace when none is given.
   * Detaches the adapter listeners, resets the account and forgets the recent connector.
   */
  async disconnect(namespace?: ChainNamespace): Promise<void> {
    const state = this.deps.store.getState()
    const targets = namespace
      ? [namespace]
      : (Object.keys(state.accounts) as ChainNamespace[]).filter(
          (ns) => state.accounts[ns]?.status === 'connected',
        )
    for (const ns of targets) {
      // Read afresh: a provider's disconnect resets every namespace of its connection.
      const account = this.deps.accounts.get(ns)
      if (!account || (account.status === 'disconnected' && !account.connectorId)) continue
      const provider = this.providerOf(account.connectorId)
      if (provider) {
        await this.disconnectProvider(provider, ns)
        continue
      }
      const adapter = this.deps.adapters.find(ns)
      if (!adapter) throw new ChainAdapterNotFoundError({ details: ns })
      try {
        if (account?.connectorId) await adapter.disconnect({ connectorId: account.connectorId })
      } catch (cause) {
        const error = toPorticoError(cause)
        this.deps.events.emit('DISCONNECT_ERROR', { namespace: ns, error })
        throw error
      }
      this.resetConnection(ns)
      this.deps.events.emit('DISCONNECT_SUCCESS', { namespace: ns })
      this.deps.onDisconnected(ns)
    }
  }

  /** One `provider.disconnect` ends the connection: every namespace connected through it is reset. */
  private async disconnectProvider(provider: ConnectorProvider, ns: ChainNamespace): Promise<void> {
    const connectorId = provider.id
    const namespaces = [ns, ...this.namespacesOf(connectorId).filter((n) => n !== ns)]
    try {
      await provider.disconnect({ connectorId, namespace: ns })
    } catch (cause) {
      const error = toPorticoError(cause)
      this.deps.events.emit('DISCONNECT_ERROR', { namespace: ns, error })
      throw error
    }
    for (const n of namespaces) {
      const account = this.deps.accounts.get(n)
      // The provider's own `disconnect` event may have reset it already.
      if (!account || (account.status === 'disconnected' && !account.connectorId)) continue
      this.resetConnection(n)
      this.deps.events.emit('DISCONNECT_SUCCESS', { namespace: n })
      this.deps.onDisconnected(n)
    }
  }

  /**
   * SPEC §4: with a recent connector stored, status is `reconnecting` while the
   * adapter is asked for its accounts; accounts restore the connection, none
   * moves to disconnected and forgets the connector.
   */
  async reconnect(recent: RecentConnectors = this.readRecent()): Promise<void> {
    // A plugin's provider restores its whole connection at once (`provider.reconnect`).
    const viaProvider = new Map<string, ChainNamespace[]>()
    for (const [ns, connectorId] of Object.entries(recent) as [ChainNamespace, string][]) {
      if (!this.providers.has(connectorId)) continue
      viaProvider.set(connectorId, [...(viaProvider.get(connectorId) ?? []), ns])
    }
    await Promise.all([
      ...[...viaProvider].map(([connectorId, namespaces]) =>
        this.reconnectProvider(this.providers.get(connectorId)!, namespaces),
      ),
      ...this.deps.adapters.all().map(async (adapter) => {
        const ns = adapter.namespace
        const connectorId = recent[ns]
        if (!connectorId || this.providers.has(connectorId)) return
        const status = this.deps.accounts.get(ns)?.status
        // A connect() that started meanwhile owns the namespace.
        if (status !== 'disconnected' && status !== 'reconnecting') return
        this.deps.accounts.update(ns, { status: 'reconnecting', connectorId })
        let accounts: AccountRecord[] = []
        let caipNetworkId: CaipNetworkId | undefined
        try {
          const answer = await adapter.getAccounts({ connectorId })
          accounts = answer.accounts
          caipNetworkId = answer.caipNetworkId
        } catch (error) {
          this.deps.logger.warn('Portico: could not restore the recent connection', error)
        }
        if (this.destroyed) return
        // A connect() that started meanwhile owns the state now.
        if (this.deps.accounts.get(ns)?.status !== 'reconnecting') return
        const network = caipNetworkId ?? this.deps.store.getState().networks.active[ns]
        if (accounts.length === 0 || !network) {
          this.deps.accounts.reset(ns)
          this.writeRecent(ns, undefined)
          return
        }
        const connector = this.deps.store
          .getState()
          .connectors.find((c) => c.id === connectorId && c.chain === ns)
        this.applyConnection(ns, connectorId, accounts, network, connector)
        void this.deps.balance.refresh(ns)
        this.deps.onRestored?.(ns)
      }),
    ])
  }

  /**
   * Restores the namespaces whose recent connector is a provider's:
   * `reconnecting` while `provider.reconnect` runs; each namespace found in the
   * restored sessions is connected, the others move to disconnected and forget
   * the connector.
   */
  private async reconnectProvider(
    provider: ConnectorProvider,
    recentNamespaces: ChainNamespace[],
  ): Promise<void> {
    const connectorId = provider.id
    const owned = recentNamespaces.filter((ns) => {
      const status = this.deps.accounts.get(ns)?.status
      // A connect() that started meanwhile owns the namespace.
      return status === undefined || status === 'disconnected' || status === 'reconnecting'
    })
    if (owned.length === 0) return
    for (const ns of owned) this.deps.accounts.update(ns, { status: 'reconnecting', connectorId })
    let sessions: Partial<Record<ChainNamespace, ConnectResult>> = {}
    try {
      sessions = (await provider.reconnect?.({ connectorId }))?.sessions ?? {}
    } catch (error) {
      this.deps.logger.warn('Portico: could not restore the recent connection', error)
    }
    if (this.destroyed) return
    // A connect() that started meanwhile owns the state now.
    const pending = owned.filter((ns) => this.deps.accounts.get(ns)?.status === 'reconnecting')
    const restored = pending.filter((ns) => (sessions[ns]?.accounts.length ?? 0) > 0)
    for (const ns of pending) {
      if (restored.includes(ns)) continue
      this.deps.accounts.reset(ns)
      this.writeRecent(ns, undefined)
    }
    const active = this.deps.store.getState().activeNamespace
    const primary = active && restored.includes(active) ? active : restored[0]
    for (const ns of restored) {
      const result = sessions[ns]!
      const connector = this.deps.store
        .getState()
        .connectors.find((c) => c.id === connectorId && c.chain === ns)
      this.applyConnection(ns, connectorId, result.accounts, result.caipNetworkId, connector, {
        activate: ns === primary,
      })
    }
    for (const ns of restored) {
      void this.deps.balance.refresh(ns)
      this.deps.onRestored?.(ns)
    }
  }

  /** Detaches every wallet listener (destroy). */
  destroy(): void {
    this.destroyed = true
    for (const ns of [...this.listeners.keys()]) this.detach(ns)
  }

  private applyConnection(
    ns: ChainNamespace,
    connectorId: string,
    accounts: AccountRecord[],
    caipNetworkId: CaipNetworkId,
    connector: Connector | undefined,
    options: { activate?: boolean } = {},
  ): void {
    const address = accounts[0]?.address
    this.deps.accounts.update(ns, {
      status: 'connected',
      address,
      ...(address ? accountLocation(address, caipNetworkId, this.deps.networks.find(caipNetworkId)) : {}),
      allAccounts: accounts,
      connectorId,
      connectedWalletInfo: connector
        ? {
            name: connector.name,
            ...(connector.imageUrl ? { icon: connector.imageUrl } : {}),
            ...(connector.info?.rdns ? { rdns: connector.info.rdns } : {}),
            type: connector.type,
          }
        : undefined,
    })
    this.deps.networks.setActive(ns, caipNetworkId, { activate: options.activate ?? true })
    this.attach(ns, connectorId)
    this.deps.events.emit('ACCOUNT_CHANGED', { namespace: ns, address })
  }

  private attach(ns: ChainNamespace, connectorId: string): void {
    this.detach(ns)
    const provider = this.providers.get(connectorId)
    if (provider) {
      // A provider's events carry their namespace; a disconnect without one ends every namespace.
      this.listeners.set(ns, [
        provider.on('accountsChanged', (e) => {
          if (e.namespace === ns) this.onAccountsChanged(ns, e.accounts)
        }),
        provider.on('chainChanged', (e) => {
          if (e.namespace === ns) this.onChainChanged(ns, e.caipNetworkId)
        }),
        provider.on('disconnect', (e) => {
          if (e.namespace === undefined || e.namespace === ns) this.onAdapterDisconnect(ns)
        }),
      ])
      return
    }
    const adapter = this.deps.adapters.get(ns)
    const offs = [
      adapter.on('accountsChanged', ({ accounts }) => this.onAccountsChanged(ns, accounts)),
      adapter.on('chainChanged', ({ caipNetworkId }) => this.onChainChanged(ns, caipNetworkId)),
      adapter.on('disconnect', () => this.onAdapterDisconnect(ns)),
    ]
    this.listeners.set(ns, offs)
  }

  private detach(ns: ChainNamespace): void {
    const offs = this.listeners.get(ns)
    this.listeners.delete(ns)
    for (const off of offs ?? []) {
      try {
        off()
      } catch (error) {
        this.deps.logger.warn('Portico: adapter listener detach failed', error)
      }
    }
  }

  private resetConnection(ns: ChainNamespace): void {
    this.detach(ns)
    const hadAddress = this.deps.accounts.get(ns)?.address !== undefined
    this.deps.accounts.reset(ns)
    this.writeRecent(ns, undefined)
    if (hadAddress) this.deps.events.emit('ACCOUNT_CHANGED', { namespace: ns, address: undefined })
  }

  private onAccountsChanged(ns: ChainNamespace, accounts: AccountRecord[]): void {
    if (accounts.length === 0) {
      this.onAdapterDisconnect(ns)
      return
    }
    const address = accounts[0]?.address
    const current = this.deps.accounts.get(ns)
    const network = this.deps.store.getState().networks.active[ns]
    this.deps.accounts.update(ns, {
      address,
      ...(address && network ? accountLocation(address, network, this.deps.networks.find(network)) : {}),
      allAccounts: accounts,
      ...(current?.address !== address
        ? { balance: undefined, balanceSymbol: undefined, tokenBalance: [] }
        : {}),
    })
    if (current?.address !== address) {
      this.deps.events.emit('ACCOUNT_CHANGED', { namespace: ns, address })
      void this.deps.balance.refresh(ns)
    }
  }

  private onChainChanged(ns: ChainNamespace, caipNetworkId: CaipNetworkId): void {
    // SPEC §4: a chain outside the networks array marks the namespace unsupported.
    this.deps.networks.setActive(ns, caipNetworkId)
  }

  private onAdapterDisconnect(ns: ChainNamespace): void {
    if (this.deps.accounts.get(ns)?.status === 'disconnected') return
    this.resetConnection(ns)
    this.deps.events.emit('DISCONNECT_SUCCESS', { namespace: ns })
    this.deps.onDisconnected(ns)
  }
}
