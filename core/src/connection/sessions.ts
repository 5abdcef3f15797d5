import {
  type AccountType,
  AccountTypeUnavailableError,
  accountTypeFields,
  pickAccount,
} from '../account-type/index.js'
import type { AccountsService, BalanceService } from '../accounts/index.js'
import type {
  AccountRecord,
  BackgroundConnection,
  CaipNetworkId,
  ChainNamespace,
  ConnectedWalletInfo,
  ConnectionChange,
  ConnectionId,
  Connector,
  Logger,
  PorticoState,
  PorticoStorage,
} from '../contracts/index.js'
import type { InstanceEventBus } from '../events/index.js'
import { type AdapterRegistry, accountLocation, type NetworksService } from '../networks/index.js'
import type { Store } from '../state/index.js'
import { activeConnectionId, BackgroundConnections, connectionIdOf, currentConnection } from './background.js'
import { onBackgroundAccounts, onBackgroundChain } from './background-events.js'
import { readRecentConnectors, writeRecentConnector } from './recent.js'

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

/** The wallet shown in Account: the session's own metadata when given, else the connector's. */
export function walletInfo(
  connector: Connector | undefined,
  wallet: ConnectedWalletInfo | undefined,
): ConnectedWalletInfo | undefined {
  if (wallet) return wallet
  if (!connector) return undefined
  return {
    name: connector.name,
    ...(connector.imageUrl ? { icon: connector.imageUrl } : {}),
    ...(connector.info?.rdns ? { rdns: connector.info.rdns } : {}),
    type: connector.type,
  }
}

/**
 * The per-namespace connection records the state machine writes: applying a
 * connection, listening to the adapter's events for its connector, resetting.
 * Every connection (an adapter's own connector or a plugin's channel) is
 * driven by the namespace's adapter, so events always come from it, tagged
 * with the connector id they concern.
 */
export class ConnectionSessions {
  /** Connection id → detach functions of the adapter listeners attached on connect (current and background). */
  private readonly listeners = new Map<ConnectionId, (() => void)[]>()
  destroyed = false
  readonly background: BackgroundConnections

  constructor(readonly deps: ConnectionDeps) {
    this.background = new BackgroundConnections(deps.store)
  }

  /** Tells the host which connection changed (`CONNECTION_CHANGED`). */
  emitChange(
    change: ConnectionChange,
    ns: ChainNamespace,
    connectorId: string,
    wallet: ConnectedWalletInfo | undefined,
    address: string | undefined,
  ): void {
    this.deps.events.emit('CONNECTION_CHANGED', {
      change,
      connectionId: connectionIdOf(ns, connectorId),
      namespace: ns,
      connectorId,
      wallet,
      address,
      activeConnectionId: activeConnectionId(this.deps.store.getState()),
    })
  }

  /** Whether `connectorId` holds the namespace's current connection (not a background one). */
  isCurrent(ns: ChainNamespace, connectorId: string): boolean {
    const account = this.deps.accounts.get(ns)
    return account?.connectorId === connectorId && account.status !== 'disconnected'
  }

  /**
   * Moves the namespace's current connection to the background: the wallet
   * stays connected and listened to; `accounts[ns]` is free for another.
   */
  park(ns: ChainNamespace): BackgroundConnection | undefined {
    // A connect() under way marked the namespace `connecting`: its current wallet is still connected.
    const current = currentConnection(this.deps.store.getState(), ns, { whileConnecting: true })
    if (!current) return undefined
    this.background.put(current)
    return current
  }

  /**
   * Makes a background connection the namespace's current one (its listeners
   * are already attached). `activate`: the namespace becomes the active one too.
   */
  promote(connection: BackgroundConnection, activate: boolean): void {
    this.background.remove(connection.id)
    this.apply(
      connection.namespace,
      connection.connectorId,
      [...connection.allAccounts],
      connection.caipNetworkId,
      connection.wallet,
      { activate },
    )
    this.writeRecent(connection.namespace, connection.connectorId)
    void this.deps.balance.refresh(connection.namespace)
  }

  /** Adds a restored or parked wallet as a background connection and listens to it. */
  keepInBackground(connection: BackgroundConnection): void {
    this.background.put(connection)
    this.attach(connection.namespace, connection.connectorId)
  }

  /** Ends a background connection (the wallet already let go, or is being told to). */
  endBackground(id: ConnectionId): BackgroundConnection | undefined {
    const connection = this.background.find(id)
    if (!connection) return undefined
    this.detachConnection(id)
    this.background.remove(id)
    this.deps.events.emit('DISCONNECT_SUCCESS', { namespace: connection.namespace, connectionId: id })
    this.emitChange(
      'disconnected',
      connection.namespace,
      connection.connectorId,
      connection.wallet,
      undefined,
    )
    return connection
  }

  /**
   * After the active namespace lost its last connection: another namespace's
   * current connection becomes the active one (the button shows it).
   */
  activateAnother(lost: ChainNamespace): void {
    const state = this.deps.store.getState()
    if (state.activeNamespace !== lost) return
    for (const ns of Object.keys(state.accounts) as ChainNamespace[]) {
      const other = ns === lost ? undefined : currentConnection(state, ns)
      if (!other) continue
      this.deps.networks.setActive(ns, other.caipNetworkId, { activate: true })
      return
    }
  }

  /** Namespaces connected (or being restored) through a connector id. */
  namespacesOf(connectorId: string): ChainNamespace[] {
    const { accounts } = this.deps.store.getState()
    return (Object.keys(accounts) as ChainNamespace[]).filter((ns) => {
      const account = accounts[ns]
      return (
        account?.connectorId === connectorId &&
        (account.status === 'connected' || account.status === 'reconnecting')
      )
    })
  }

  connectorOf(ns: ChainNamespace, connectorId: string): Connector | undefined {
    return this.deps.store.getState().connectors.find((c) => c.id === connectorId && c.chain === ns)
  }

  writeRecent(namespace: ChainNamespace, connectorId: string | undefined): void {
    writeRecentConnector(this.deps.storage, namespace, connectorId)
    if (connectorId !== undefined) {
      this.deps.store.setState((s) =>
        s.recentConnectorId === connectorId ? s : { ...s, recentConnectorId: connectorId },
      )
    }
  }

  readRecent() {
    return readRecentConnectors(this.deps.storage)
  }

  apply(
    ns: ChainNamespace,
    connectorId: string,
    accounts: AccountRecord[],
    caipNetworkId: CaipNetworkId,
    wallet: ConnectedWalletInfo | undefined,
    options: { activate?: boolean } = {},
  ): void {
    const preferred = this.deps.accounts.get(ns)?.preferredAccountTypes
    const selected = pickAccount(accounts, preferred?.[ns])
    const address = selected?.address
    this.deps.accounts.update(ns, {
      status: 'connected',
      address,
      ...(selected ? accountLocation(selected, this.deps.networks.find(caipNetworkId)) : {}),
      ...accountTypeFields(ns, selected, accounts, preferred),
      allAccounts: accounts,
      connectorId,
      connectedWalletInfo: wallet,
    })
    this.deps.networks.setActive(ns, caipNetworkId, { activate: options.activate ?? true })
    this.attach(ns, connectorId)
    this.deps.events.emit('ACCOUNT_CHANGED', {
      namespace: ns,
      address,
      connectionId: connectionIdOf(ns, connectorId),
    })
  }

  /**
   * Listens to the adapter's events for one connection. An event reaches the
   * namespace's current connection or a background one, whichever the
   * connector holds now: a wallet's change never touches another connection.
   */
  private attach(ns: ChainNamespace, connectorId: string): void {
    const id = connectionIdOf(ns, connectorId)
    this.detachConnection(id)
    const adapter = this.deps.adapters.get(ns)
    // One adapter may hold several connections (an injected wallet and a WalletConnect channel).
    const mine = (e: { connectorId: string }) => e.connectorId === connectorId
    this.listeners.set(id, [
      adapter.on('accountsChanged', (e) => {
        if (!mine(e)) return
        if (this.isCurrent(ns, connectorId)) this.onAccountsChanged(ns, e.accounts)
        else onBackgroundAccounts(this, id, e.accounts)
      }),
      adapter.on('chainChanged', (e) => {
        if (!mine(e)) return
        if (this.isCurrent(ns, connectorId)) this.onChainChanged(ns, e.caipNetworkId, e.accounts)
        else onBackgroundChain(this, id, e.caipNetworkId, e.accounts)
      }),
      adapter.on('disconnect', (e) => {
        if (!mine(e)) return
        if (this.isCurrent(ns, connectorId)) this.onWalletDisconnect(ns)
        else this.endBackground(id)
      }),
    ])
  }

  /** Detaches the listeners of the namespace's current connection. */
  detach(ns: ChainNamespace): void {
    const connectorId = this.deps.accounts.get(ns)?.connectorId
    if (connectorId) this.detachConnection(connectionIdOf(ns, connectorId))
  }

  detachConnection(id: ConnectionId): void {
    const offs = this.listeners.get(id)
    this.listeners.delete(id)
    for (const off of offs ?? []) {
      try {
        off()
      } catch (error) {
        this.deps.logger.warn('Portico: adapter listener detach failed', error)
      }
    }
  }

  detachAll(): void {
    for (const id of [...this.listeners.keys()]) this.detachConnection(id)
  }

  /** Ends the namespace's current connection in the state (`detach`: false when it moved to the background). */
  reset(ns: ChainNamespace, options: { detach?: boolean } = {}): void {
    if (options.detach !== false) this.detach(ns)
    const before = this.deps.accounts.get(ns)
    const hadAddress = before?.address !== undefined
    this.deps.accounts.reset(ns)
    this.writeRecent(ns, undefined)
    if (hadAddress)
      this.deps.events.emit('ACCOUNT_CHANGED', {
        namespace: ns,
        address: undefined,
        ...(before?.connectorId ? { connectionId: connectionIdOf(ns, before.connectorId) } : {}),
      })
  }

  /**
   * Shows the connected wallet's account of `type` (SPEC §3 account record
   * type, `preferredAccountTypes`): an embedded wallet's smart account or its
   * owner EOA. Balances are read again for the new address.
   */
  switchAccountType(ns: ChainNamespace, type: AccountType): void {
    const current = this.deps.accounts.get(ns)
    const target = current?.allAccounts.find((r) => r.type === type)
    if (current?.status !== 'connected' || !target) throw new AccountTypeUnavailableError(type, ns)
    const preferred = { ...current.preferredAccountTypes, [ns]: type }
    if (current.address === target.address) {
      this.deps.accounts.update(ns, { preferredAccountTypes: preferred })
      return
    }
    const network = this.deps.store.getState().networks.active[ns]
    this.deps.accounts.update(ns, {
      address: target.address,
      ...accountLocation(target, this.deps.networks.find(network)),
      ...accountTypeFields(ns, target, current.allAccounts, preferred),
      balance: undefined,
      balanceSymbol: undefined,
      balanceError: undefined,
      tokenBalance: [],
    })
    this.deps.events.emit('ACCOUNT_CHANGED', {
      namespace: ns,
      address: target.address,
      ...(current.connectorId ? { connectionId: connectionIdOf(ns, current.connectorId) } : {}),
    })
    void this.deps.balance.refresh(ns)
  }

  private onAccountsChanged(ns: ChainNamespace, accounts: AccountRecord[]): void {
    const current = this.deps.accounts.get(ns)
    const selected = pickAccount(accounts, current?.preferredAccountTypes?.[ns])
    if (!selected) {
      this.onWalletDisconnect(ns)
      return
    }
    const address = selected.address
    const network = this.deps.store.getState().networks.active[ns]
    this.deps.accounts.update(ns, {
      address,
      ...accountLocation(selected, this.deps.networks.find(network)),
      ...accountTypeFields(ns, selected, accounts, current?.preferredAccountTypes),
      allAccounts: accounts,
      ...(current?.address !== address
        ? { balance: undefined, balanceSymbol: undefined, balanceError: undefined, tokenBalance: [] }
        : {}),
    })
    if (current?.address !== address && current?.connectorId) {
      this.deps.events.emit('ACCOUNT_CHANGED', {
        namespace: ns,
        address,
        connectionId: connectionIdOf(ns, current.connectorId),
      })
      this.emitChange('account', ns, current.connectorId, current.connectedWalletInfo, address)
      void this.deps.balance.refresh(ns)
    }
  }

  private onChainChanged(ns: ChainNamespace, caipNetworkId: CaipNetworkId, accounts?: AccountRecord[]): void {
    const before = this.deps.store.getState().networks.active[ns]
    // SPEC §4: a chain outside the networks array marks the namespace unsupported.
    this.deps.networks.setActive(ns, caipNetworkId, accounts ? { accounts } : {})
    const account = this.deps.accounts.get(ns)
    if (before !== caipNetworkId && account?.connectorId)
      this.emitChange('network', ns, account.connectorId, account.connectedWalletInfo, account.address)
  }

  /**
   * The wallet (or the session behind a plugin connector) ended the current
   * connection of a namespace: only that connection ends. The namespace's
   * newest background connection, if any, becomes its current one.
   */
  onWalletDisconnect(ns: ChainNamespace): void {
    const account = this.deps.accounts.get(ns)
    if (!account || account.status === 'disconnected') return
    this.endCurrent(ns)
    this.deps.onDisconnected(ns)
  }

  /** Ends the namespace's current connection in the state, then promotes a background one or activates another namespace. */
  endCurrent(ns: ChainNamespace): void {
    const account = this.deps.accounts.get(ns)
    const wasActive = this.deps.store.getState().activeNamespace === ns
    this.reset(ns)
    const connectionId = account?.connectorId ? connectionIdOf(ns, account.connectorId) : undefined
    this.deps.events.emit('DISCONNECT_SUCCESS', { namespace: ns, ...(connectionId ? { connectionId } : {}) })
    const next = this.background.newestOf(ns)
    if (next) this.promote(next, wasActive)
    else this.activateAnother(ns)
    if (account?.connectorId)
      this.emitChange('disconnected', ns, account.connectorId, account.connectedWalletInfo, undefined)
    if (next) this.emitChange('activated', ns, next.connectorId, next.wallet, next.address)
  }
}
