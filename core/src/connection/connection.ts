import type { AccountsService, BalanceService } from '../accounts/index.js'
import type {
  AccountRecord,
  CaipNetworkId,
  ChainAdapter,
  ChainNamespace,
  Connector,
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
 */
export class ConnectionService {
  /** Namespace → detach functions of the adapter listeners attached on connect. */
  private readonly listeners = new Map<ChainNamespace, (() => void)[]>()
  private destroyed = false

  constructor(private readonly deps: ConnectionDeps) {}

  /** Resolves when the adapters' setups settled; connect waits for it (discovery may still be running). */
  adaptersReady: Promise<void> = Promise.resolve()

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
      // Switching wallets within a namespace: drop the old wallet's listeners and session.
      this.detach(ns)
      await adapter.disconnect({ connectorId: before.connectorId }).catch((error: unknown) => {
        this.deps.logger.warn('Portico: could not disconnect the previous wallet', error)
      })
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
      const account = state.accounts[ns]
      if (!account || (account.status === 'disconnected' && !account.connectorId)) continue
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

  /**
   * SPEC §4: with a recent connector stored, status is `reconnecting` while the
   * adapter is asked for its accounts; accounts restore the connection, none
   * moves to disconnected and forgets the connector.
   */
  async reconnect(recent: RecentConnectors = this.readRecent()): Promise<void> {
    await Promise.all(
      this.deps.adapters.all().map(async (adapter) => {
        const ns = adapter.namespace
        const connectorId = recent[ns]
        if (!connectorId) return
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
    )
  }

  /** Detaches every adapter listener (destroy). */
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
    this.deps.networks.setActive(ns, caipNetworkId, { activate: true })
    this.attach(ns)
    this.deps.events.emit('ACCOUNT_CHANGED', { namespace: ns, address })
  }

  private attach(ns: ChainNamespace): void {
    this.detach(ns)
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
