import {
  type AccountType,
  AccountTypeUnavailableError,
  accountTypeFields,
  pickAccount,
} from '../account-type/index.js'
import type { AccountsService, BalanceService } from '../accounts/index.js'
import type {
  AccountRecord,
  CaipNetworkId,
  ChainNamespace,
  ConnectedWalletInfo,
  Connector,
  Logger,
  PorticoState,
  PorticoStorage,
} from '../contracts/index.js'
import type { InstanceEventBus } from '../events/index.js'
import { type AdapterRegistry, accountLocation, type NetworksService } from '../networks/index.js'
import type { Store } from '../state/index.js'
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
  /** Namespace → detach functions of the adapter listeners attached on connect. */
  private readonly listeners = new Map<ChainNamespace, (() => void)[]>()
  destroyed = false

  constructor(readonly deps: ConnectionDeps) {}

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
    this.deps.events.emit('ACCOUNT_CHANGED', { namespace: ns, address })
  }

  private attach(ns: ChainNamespace, connectorId: string): void {
    this.detach(ns)
    const adapter = this.deps.adapters.get(ns)
    // One adapter may hold several connections (an injected wallet and a WalletConnect channel).
    const mine = (e: { connectorId: string }) => e.connectorId === connectorId
    this.listeners.set(ns, [
      adapter.on('accountsChanged', (e) => {
        if (mine(e)) this.onAccountsChanged(ns, e.accounts)
      }),
      adapter.on('chainChanged', (e) => {
        if (mine(e)) this.onChainChanged(ns, e.caipNetworkId, e.accounts)
      }),
      adapter.on('disconnect', (e) => {
        if (mine(e)) this.onWalletDisconnect(ns)
      }),
    ])
  }

  detach(ns: ChainNamespace): void {
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

  detachAll(): void {
    for (const ns of [...this.listeners.keys()]) this.detach(ns)
  }

  reset(ns: ChainNamespace): void {
    this.detach(ns)
    const hadAddress = this.deps.accounts.get(ns)?.address !== undefined
    this.deps.accounts.reset(ns)
    this.writeRecent(ns, undefined)
    if (hadAddress) this.deps.events.emit('ACCOUNT_CHANGED', { namespace: ns, address: undefined })
  }

  /**
   * Shows the connected wallet's account of `type` (SPEC §3 account record
   * type, `preferredAccountTypes`): an embedded wallet's smart account or its
   * owner EOA. Balances are read again for the new address.
   */
  switchAccountType(ns: ChainNamespace, type: AccountType): void {
    const current = this.deps.accounts.get(ns)
    const target = current?.allAccounts.find((r) => r.type === type)
    if (!current || current.status !== 'connected' || !target) throw new AccountTypeUnavailableError(type, ns)
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
    this.deps.events.emit('ACCOUNT_CHANGED', { namespace: ns, address: target.address })
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
    if (current?.address !== address) {
      this.deps.events.emit('ACCOUNT_CHANGED', { namespace: ns, address })
      void this.deps.balance.refresh(ns)
    }
  }

  private onChainChanged(ns: ChainNamespace, caipNetworkId: CaipNetworkId, accounts?: AccountRecord[]): void {
    // SPEC §4: a chain outside the networks array marks the namespace unsupported.
    this.deps.networks.setActive(ns, caipNetworkId, accounts ? { accounts } : {})
  }

  /** The wallet (or the session behind a plugin connector) ended the connection of a namespace. */
  onWalletDisconnect(ns: ChainNamespace): void {
    if (this.deps.accounts.get(ns)?.status === 'disconnected') return
    this.reset(ns)
    this.deps.events.emit('DISCONNECT_SUCCESS', { namespace: ns })
    this.deps.onDisconnected(ns)
  }
}
