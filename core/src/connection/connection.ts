import { AccountTypeUnavailableError } from '../account-type/index.js'
import type {
  BackgroundConnection,
  CaipNetworkId,
  ChainAdapter,
  ChainNamespace,
  ConnectionId,
  ConnectOptionsOf,
  Connector,
  ConnectorProvider,
  WalletConnection,
} from '../contracts/index.js'
import {
  AlreadyConnectedError,
  ChainAdapterNotFoundError,
  ConnectionBusyError,
  ConnectionNotFoundError,
  RequestAbortedError,
  toPorticoError,
} from '../errors/index.js'
import { connectionIdOf, parseConnectionId, selectConnections } from './background.js'
import type { StoredConnections } from './persisted.js'
import { PluginConnections } from './plugin-connectors.js'
import type { RecentConnectors } from './recent.js'
import { restoreBackground, restoreCurrent } from './restore.js'
import { type ConnectionDeps, ConnectionSessions, walletInfo } from './sessions.js'

export type { ConnectionDeps } from './sessions.js'

/**
 * The connection state machine of SPEC §4, per namespace:
 * disconnected → connecting → connected; a failure returns to connected when a
 * connection exists, else to disconnected; reconnecting on load when a recent
 * connector is stored.
 *
 * A connector id may belong to an adapter or to a `ConnectorProvider` a plugin
 * registered (WalletConnect…): the provider's session can span several
 * namespaces, each driven by its adapter over a request channel and following
 * the same rules.
 */
export class ConnectionService {
  private readonly sessions: ConnectionSessions
  private readonly plugins: PluginConnections

  constructor(private readonly deps: ConnectionDeps) {
    this.sessions = new ConnectionSessions(deps)
    this.plugins = new PluginConnections(this.sessions, (ns, previousId) =>
      this.releasePrevious(ns, previousId),
    )
  }

  /** Resolves when the adapters' setups settled; connect waits for it (discovery may still be running). */
  adaptersReady: Promise<void> = Promise.resolve()

  /** Routes a connector id to a plugin's provider (`ctx.registerConnector`); returns the unregister function. */
  registerProvider(provider: ConnectorProvider): () => void {
    return this.plugins.register(provider)
  }

  /** The provider a connector id belongs to, if a plugin registered one. */
  providerOf(connectorId: string | undefined): ConnectorProvider | undefined {
    return this.plugins.get(connectorId)
  }

  /** Shows the connected wallet's EOA or smart account (`AccountTypeUnavailableError` when it has none of that type). */
  switchAccountType(type: 'eoa' | 'smartAccount', namespace?: ChainNamespace): void {
    const ns = namespace ?? this.deps.store.getState().activeNamespace
    if (!ns) throw new AccountTypeUnavailableError(type, 'no namespace is connected')
    this.sessions.switchAccountType(ns, type)
  }

  /** Stored recent connector ids, per namespace (foreign/corrupted values read as none). */
  readRecent(): RecentConnectors {
    return this.sessions.readRecent()
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
   * An aborted `signal` (the visitor pressed Cancel) rejects at once with
   * `RequestAbortedError`; a wallet approval arriving after it is released,
   * never applied.
   */
  async connect(
    connectorId: string,
    options: {
      namespace?: ChainNamespace
      caipNetworkId?: CaipNetworkId
      options?: unknown
      signal?: AbortSignal
    } = {},
  ): Promise<void> {
    await this.adaptersReady
    const { signal } = options
    if (signal?.aborted) throw new RequestAbortedError({ details: 'the connection was cancelled' })
    const provider = this.plugins.get(connectorId)
    if (provider) return this.plugins.connect(provider, options)
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
      const pending = adapter.connect({
        connectorId,
        ...(caipNetworkId ? { caipNetworkId } : {}),
        ...(options.options !== undefined ? { options: options.options as ConnectOptionsOf } : {}),
      })
      result = await (signal ? this.untilAborted(pending, signal, adapter, connectorId) : pending)
      if (result.accounts.length === 0) throw new Error('The wallet returned no accounts')
    } catch (cause) {
      const error = toPorticoError(cause)
      // SPEC §4: back to connected if a connection exists, else disconnected.
      const stillConnected = Boolean(this.deps.accounts.get(ns)?.address) && hadConnection
      this.deps.accounts.update(ns, { status: stillConnected ? 'connected' : 'disconnected' })
      this.deps.events.emit('CONNECT_ERROR', { namespace: ns, connectorId, error })
      throw error
    }
    if (this.sessions.destroyed) return
    if (hadConnection && before?.connectorId && before.connectorId !== connectorId) {
      // Several wallets within a namespace: the previous one stays connected in
      // the background (a plugin's session is released, as before).
      if (this.plugins.has(before.connectorId)) await this.releasePrevious(ns, before.connectorId)
      else this.sessions.park(ns)
    }
    // Connecting a background wallet again makes it current with its fresh answer.
    this.sessions.background.remove(connectionIdOf(ns, connectorId))
    this.sessions.apply(
      ns,
      connectorId,
      result.accounts,
      result.caipNetworkId,
      walletInfo(connector, result.wallet),
    )
    this.sessions.writeRecent(ns, connectorId)
    this.deps.events.emit('CONNECT_SUCCESS', {
      namespace: ns,
      connectorId,
      address: result.accounts[0]?.address ?? '',
      caipNetworkId: result.caipNetworkId,
      connectionId: connectionIdOf(ns, connectorId),
    })
    const account = this.deps.accounts.get(ns)
    this.sessions.emitChange('connected', ns, connectorId, account?.connectedWalletInfo, account?.address)
    this.deps.onConnected(ns)
    void this.deps.balance.refresh(ns)
  }

  /**
   * `pending`, or a `RequestAbortedError` as soon as `signal` aborts. A wallet
   * that approves after the abort is disconnected again: the visitor cancelled.
   */
  private untilAborted<T>(
    pending: Promise<T>,
    signal: AbortSignal,
    adapter: ChainAdapter,
    connectorId: string,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(new RequestAbortedError({ details: 'the connection was cancelled' }))
      signal.addEventListener('abort', onAbort, { once: true })
      pending.then(
        (value) => {
          signal.removeEventListener('abort', onAbort)
          if (!signal.aborted) return resolve(value)
          this.deps.logger.warn('Portico: the wallet approved a cancelled connection; disconnecting it')
          adapter.disconnect({ connectorId }).catch((error: unknown) => {
            this.deps.logger.warn('Portico: could not disconnect the cancelled connection', error)
          })
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort)
          reject(error)
        },
      )
    })
  }

  /**
   * Switching wallets within a namespace: drops the old wallet's listeners and
   * connection. A plugin's session is ended only when no other namespace uses it.
   */
  private async releasePrevious(ns: ChainNamespace, previousId: string): Promise<void> {
    this.sessions.detach(ns)
    const provider = this.plugins.get(previousId)
    try {
      if (provider) {
        await this.plugins.releaseChannel(ns, previousId)
        if (this.sessions.namespacesOf(previousId).every((n) => n === ns))
          await provider.disconnect({ connectorId: previousId })
      } else await this.deps.adapters.get(ns).disconnect({ connectorId: previousId })
    } catch (error) {
      this.deps.logger.warn('Portico: could not disconnect the previous wallet', error)
    }
  }

  /** Every wallet connection: each namespace's current one and those kept in the background. */
  getConnections(): readonly WalletConnection[] {
    return selectConnections(this.deps.store.getState())
  }

  private findConnection(connectionId: unknown): WalletConnection {
    const parsed = parseConnectionId(connectionId)
    const found = parsed && this.getConnections().find((c) => c.id === connectionId)
    if (!found) throw new ConnectionNotFoundError(connectionId)
    return found
  }

  /**
   * Makes a connection the active one without asking the wallet again: a
   * background connection becomes its namespace's current one (the current
   * one moves to the background) and its namespace the active one.
   * `ConnectionNotFoundError` for an id that names no connection,
   * `ConnectionBusyError` while its namespace is connecting or restoring.
   */
  switchConnection(connectionId: ConnectionId): void {
    const target = this.findConnection(connectionId)
    const ns = target.namespace
    const status = this.deps.accounts.get(ns)?.status
    if (status === 'connecting' || status === 'reconnecting') throw new ConnectionBusyError(ns)
    if (target.active) return
    if (target.current) {
      this.deps.networks.setActive(ns, target.caipNetworkId, { activate: true })
    } else {
      const record = this.sessions.background.find(target.id) as BackgroundConnection
      this.sessions.park(ns)
      this.sessions.promote(record, true)
    }
    this.sessions.emitChange('activated', ns, target.connectorId, target.wallet, target.address)
  }

  /**
   * Ends one connection: the wallet is told, only that connection leaves the
   * state. Ending a namespace's current connection makes its newest background
   * one current (or another namespace active when it has none).
   */
  async disconnectConnection(connectionId: ConnectionId): Promise<void> {
    const target = this.findConnection(connectionId)
    const ns = target.namespace
    if (target.current) {
      await this.disconnectCurrent(ns, { promote: true })
      return
    }
    await this.tellWallet(ns, target.connectorId)
    this.sessions.endBackground(target.id)
  }

  /** Asks the adapter to let a wallet go; a failure is reported (DISCONNECT_ERROR) and rethrown. */
  private async tellWallet(ns: ChainNamespace, connectorId: string): Promise<void> {
    const adapter = this.deps.adapters.find(ns)
    if (!adapter) throw new ChainAdapterNotFoundError({ details: ns })
    try {
      await adapter.disconnect({ connectorId })
    } catch (cause) {
      const error = toPorticoError(cause)
      this.deps.events.emit('DISCONNECT_ERROR', { namespace: ns, error })
      throw error
    }
  }

  /**
   * Disconnects every connection of a namespace, or of every namespace when
   * none is given. Detaches the adapter listeners, resets the account and
   * forgets the recent connector.
   */
  async disconnect(namespace?: ChainNamespace): Promise<void> {
    const state = this.deps.store.getState()
    const targets = namespace
      ? [namespace]
      : (Object.keys(state.accounts) as ChainNamespace[]).filter(
          (ns) =>
            state.accounts[ns]?.status === 'connected' || this.sessions.background.ofNamespace(ns).length > 0,
        )
    for (const ns of targets) {
      for (const other of this.sessions.background.ofNamespace(ns)) {
        await this.tellWallet(ns, other.connectorId)
        this.sessions.endBackground(other.id)
      }
      await this.disconnectCurrent(ns, { promote: false })
    }
  }

  private async disconnectCurrent(ns: ChainNamespace, options: { promote: boolean }): Promise<void> {
    // Read afresh: a provider's disconnect resets every namespace of its session.
    const account = this.deps.accounts.get(ns)
    if (!account || (account.status === 'disconnected' && !account.connectorId)) return
    const provider = this.plugins.get(account.connectorId)
    if (provider) {
      await this.plugins.disconnect(provider, ns)
      return
    }
    if (account.connectorId) await this.tellWallet(ns, account.connectorId)
    if (options.promote) this.sessions.endCurrent(ns)
    else {
      this.sessions.reset(ns)
      this.deps.events.emit('DISCONNECT_SUCCESS', {
        namespace: ns,
        ...(account.connectorId ? { connectionId: connectionIdOf(ns, account.connectorId) } : {}),
      })
      this.sessions.activateAnother(ns)
      if (account.connectorId)
        this.sessions.emitChange(
          'disconnected',
          ns,
          account.connectorId,
          account.connectedWalletInfo,
          undefined,
        )
    }
    this.deps.onDisconnected(ns)
  }

  /**
   * SPEC §4: with a recent connector stored, status is `reconnecting` while the
   * adapter is asked for its accounts; accounts restore the connection, none
   * moves to disconnected and forgets the connector. Only the stored id is
   * restored: a different wallet is never connected in its place.
   */
  async reconnect(
    recent: RecentConnectors = this.readRecent(),
    stored: StoredConnections = { version: 2, background: [] },
  ): Promise<void> {
    // A plugin's provider restores its whole session at once (`provider.reconnect`).
    const viaProvider = new Map<string, ChainNamespace[]>()
    for (const [ns, connectorId] of Object.entries(recent) as [ChainNamespace, string][]) {
      if (!this.plugins.has(connectorId)) continue
      viaProvider.set(connectorId, [...(viaProvider.get(connectorId) ?? []), ns])
    }
    await Promise.all([
      ...[...viaProvider].map(([connectorId, namespaces]) =>
        this.plugins.reconnect(this.plugins.get(connectorId)!, namespaces),
      ),
      ...this.deps.adapters.all().map(async (adapter) => {
        const connectorId = recent[adapter.namespace]
        if (connectorId && !this.plugins.has(connectorId))
          await restoreCurrent(this.deps, this.sessions, adapter, connectorId)
        for (const other of stored.background) {
          if (other.namespace !== adapter.namespace || other.connectorId === connectorId) continue
          if (this.plugins.has(other.connectorId)) continue
          await restoreBackground(this.deps, this.sessions, adapter, other.connectorId)
        }
      }),
    ])
    if (this.sessions.destroyed) return
    // The connection that was active before the reload is active again.
    const active = stored.active && this.getConnections().find((c) => c.id === stored.active)
    if (active && !active.active) this.switchConnection(active.id)
  }

  /** Detaches every wallet listener (destroy). */
  destroy(): void {
    this.sessions.destroyed = true
    this.sessions.detachAll()
    this.plugins.destroy()
  }
}
