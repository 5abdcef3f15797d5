import { AccountTypeUnavailableError } from '../account-type/index.js'
import type {
  AccountRecord,
  CaipNetworkId,
  ChainAdapter,
  ChainNamespace,
  ConnectOptionsOf,
  Connector,
  ConnectorProvider,
} from '../contracts/index.js'
import {
  AlreadyConnectedError,
  ChainAdapterNotFoundError,
  RequestAbortedError,
  toPorticoError,
} from '../errors/index.js'
import { PluginConnections } from './plugin-connectors.js'
import type { RecentConnectors } from './recent.js'
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
      await this.releasePrevious(ns, before.connectorId)
    }
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
    })
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
      // Read afresh: a provider's disconnect resets every namespace of its session.
      const account = this.deps.accounts.get(ns)
      if (!account || (account.status === 'disconnected' && !account.connectorId)) continue
      const provider = this.plugins.get(account.connectorId)
      if (provider) {
        await this.plugins.disconnect(provider, ns)
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
      this.sessions.reset(ns)
      this.deps.events.emit('DISCONNECT_SUCCESS', { namespace: ns })
      this.deps.onDisconnected(ns)
    }
  }

  /**
   * SPEC §4: with a recent connector stored, status is `reconnecting` while the
   * adapter is asked for its accounts; accounts restore the connection, none
   * moves to disconnected and forgets the connector. Only the stored id is
   * restored: a different wallet is never connected in its place.
   */
  async reconnect(recent: RecentConnectors = this.readRecent()): Promise<void> {
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
        if (!connectorId || this.plugins.has(connectorId)) return
        await this.restoreAdapter(adapter, connectorId)
      }),
    ])
  }

  private async restoreAdapter(adapter: ChainAdapter, connectorId: string): Promise<void> {
    const ns = adapter.namespace
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
    if (this.sessions.destroyed) return
    // A connect() that started meanwhile owns the state now.
    if (this.deps.accounts.get(ns)?.status !== 'reconnecting') return
    const network = caipNetworkId ?? this.deps.store.getState().networks.active[ns]
    if (accounts.length === 0 || !network) {
      this.deps.accounts.reset(ns)
      this.sessions.writeRecent(ns, undefined)
      return
    }
    const connector = this.sessions.connectorOf(ns, connectorId)
    this.sessions.apply(ns, connectorId, accounts, network, walletInfo(connector, undefined))
    void this.deps.balance.refresh(ns)
    this.deps.onRestored?.(ns)
  }

  /** Detaches every wallet listener (destroy). */
  destroy(): void {
    this.sessions.destroyed = true
    this.sessions.detachAll()
    this.plugins.destroy()
  }
}
