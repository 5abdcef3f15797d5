import type {
  CaipNetworkId,
  ChainNamespace,
  ChannelNamespaceRequest,
  ConnectedWalletInfo,
  ConnectorProvider,
  ConnectorSession,
  ConnectResult,
  RequestChannel,
} from '../contracts/index.js'
import { AlreadyConnectedError, ChainAdapterNotFoundError, toPorticoError } from '../errors/index.js'
import { type ConnectionSessions, walletInfo } from './sessions.js'

/**
 * Connections through a plugin's connector (WalletConnect, an embedded
 * wallet): the provider opens and closes the session and hands one request
 * channel per approved namespace; each namespace's adapter drives its channel
 * (`adapter.connect({ connectorId, channel })`), so signing, sending,
 * switching and wallet events go through the adapter as for an injected
 * wallet.
 */
export class PluginConnections {
  /** Plugin connector providers, by connector id. */
  private readonly providers = new Map<string, { provider: ConnectorProvider; off: () => void }>()

  constructor(
    private readonly sessions: ConnectionSessions,
    /** Ends another wallet's connection of a namespace before a new one takes it. */
    private readonly releasePrevious: (ns: ChainNamespace, previousId: string) => Promise<void>,
  ) {}

  private get deps() {
    return this.sessions.deps
  }

  /**
   * Routes a connector id to a plugin's provider. The returned function
   * removes it; namespaces still connected through it are reset then (not on
   * destroy: the wallet's session stays for a reload).
   */
  register(provider: ConnectorProvider): () => void {
    this.providers.get(provider.id)?.off()
    const off = provider.on('disconnect', () => {
      if (this.providers.get(provider.id)?.provider !== provider) return
      for (const ns of this.sessions.namespacesOf(provider.id)) this.dropChannel(ns, provider.id)
    })
    this.providers.set(provider.id, { provider, off })
    return () => {
      const entry = this.providers.get(provider.id)
      if (entry?.provider !== provider) return
      entry.off()
      this.providers.delete(provider.id)
      if (this.sessions.destroyed) return
      for (const ns of this.sessions.namespacesOf(provider.id)) this.dropChannel(ns, provider.id)
    }
  }

  get(connectorId: string | undefined): ConnectorProvider | undefined {
    return connectorId === undefined ? undefined : this.providers.get(connectorId)?.provider
  }

  has(connectorId: string): boolean {
    return this.providers.has(connectorId)
  }

  /** The session of a namespace ended: the adapter forgets its channel, the namespace resets. */
  private dropChannel(ns: ChainNamespace, connectorId: string): void {
    const adapter = this.deps.adapters.find(ns)
    adapter?.disconnect({ connectorId }).catch((error: unknown) => {
      this.deps.logger.warn('Portico: the adapter could not release a closed session', error)
    })
    this.sessions.onWalletDisconnect(ns)
  }

  /**
   * What to ask the wallet for: each namespace the provider offers whose
   * adapter is installed and drives channels, with the adapter's methods and
   * events and the configured networks (the preferred one first).
   */
  channelRequests(provider: ConnectorProvider, preferred?: CaipNetworkId): ChannelNamespaceRequest[] {
    const state = this.deps.store.getState()
    const offered = [...new Set(provider.connectors.map((c) => c.chain))]
    const requests: ChannelNamespaceRequest[] = []
    for (const ns of offered) {
      const capabilities = this.deps.adapters.find(ns)?.channel
      if (!capabilities) continue
      const first = preferred?.startsWith(`${ns}:`) ? preferred : state.networks.active[ns]
      const chains = state.networks.all.filter((n) => n.chainNamespace === ns).map((n) => n.caipNetworkId)
      if (chains.length === 0) continue
      requests.push({
        namespace: ns,
        chains: first && chains.includes(first) ? [first, ...chains.filter((c) => c !== first)] : chains,
        methods: capabilities.methods,
        events: capabilities.events,
      })
    }
    return requests
  }

  /** Each approved namespace's adapter takes its channel; a namespace whose adapter refuses is left out (logged). */
  private async adopt(
    connectorId: string,
    session: ConnectorSession,
    requests: readonly ChannelNamespaceRequest[],
    preferred: { ns?: ChainNamespace; caipNetworkId?: CaipNetworkId },
  ): Promise<Map<ChainNamespace, ConnectResult>> {
    const results = new Map<ChainNamespace, ConnectResult>()
    const state = this.deps.store.getState()
    const entries = Object.entries(session.channels ?? {}) as [ChainNamespace, RequestChannel | undefined][]
    const failures: unknown[] = []
    await Promise.all(
      entries.map(async ([ns, channel]) => {
        if (!channel || !requests.some((r) => r.namespace === ns)) return
        const adapter = this.deps.adapters.find(ns)
        if (!adapter) return
        const caipNetworkId =
          ns === preferred.ns && preferred.caipNetworkId ? preferred.caipNetworkId : state.networks.active[ns]
        try {
          const result = await adapter.connect({
            connectorId,
            channel,
            ...(caipNetworkId ? { caipNetworkId } : {}),
          })
          if (result.accounts.length > 0) results.set(ns, result)
        } catch (error) {
          failures.push(error)
          this.deps.logger.warn(`Portico: the ${ns} adapter refused the session's channel`, error)
        }
      }),
    )
    if (results.size === 0 && failures.length > 0) throw failures[0]
    return results
  }

  /** SPEC §4 connect through a plugin's connector; one connection may span several namespaces. */
  async connect(
    provider: ConnectorProvider,
    options: { namespace?: ChainNamespace; caipNetworkId?: CaipNetworkId },
  ): Promise<void> {
    const connectorId = provider.id
    const state = this.deps.store.getState()
    const requests = this.channelRequests(provider, options.caipNetworkId)
    const offered = requests.map((r) => r.namespace)
    const ns =
      options.namespace ??
      (state.activeNamespace && offered.includes(state.activeNamespace)
        ? state.activeNamespace
        : undefined) ??
      offered[0]
    if (!ns || !offered.includes(ns))
      throw new ChainAdapterNotFoundError({ details: `no namespace for connector ${connectorId}` })
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
    let results: Map<ChainNamespace, ConnectResult>
    let wallet: ConnectedWalletInfo | undefined
    try {
      const session = await provider.connect({
        connectorId,
        namespace: ns,
        ...(caipNetworkId ? { caipNetworkId } : {}),
        namespaces: requests,
      })
      wallet = session.wallet
      results = await this.adopt(connectorId, session, requests, {
        ns,
        ...(caipNetworkId ? { caipNetworkId } : {}),
      })
      if (results.size === 0) {
        await this.endQuietly(provider)
        throw new Error('The wallet returned no accounts')
      }
    } catch (cause) {
      const error = toPorticoError(cause)
      restore()
      this.deps.events.emit('CONNECT_ERROR', { namespace: ns, connectorId, error })
      throw error
    }
    if (this.sessions.destroyed) return
    // The requested namespace is applied last so that it ends up active.
    const primary = results.has(ns) ? ns : [...results.keys()][0]!
    const order = [...results.keys()].sort((a, b) => Number(a === primary) - Number(b === primary))
    if (primary !== ns) restore()
    for (const sns of order) {
      const result = results.get(sns)!
      // The requested namespace is `connecting` by now: its previous connection is `before`.
      const previous = sns === ns ? (hadConnection ? before : undefined) : this.deps.accounts.get(sns)
      if (previous?.status === 'connected' && previous.connectorId && previous.connectorId !== connectorId) {
        await this.releasePrevious(sns, previous.connectorId)
      }
      const info = walletInfo(this.sessions.connectorOf(sns, connectorId), wallet ?? result.wallet)
      this.sessions.apply(sns, connectorId, result.accounts, result.caipNetworkId, info, {
        activate: sns === primary,
      })
      this.sessions.writeRecent(sns, connectorId)
      this.deps.events.emit('CONNECT_SUCCESS', {
        namespace: sns,
        connectorId,
        address: result.accounts[0]?.address ?? '',
        caipNetworkId: result.caipNetworkId,
      })
    }
    this.deps.onConnected(primary)
    for (const sns of order) void this.deps.balance.refresh(sns)
  }

  private async endQuietly(provider: ConnectorProvider): Promise<void> {
    try {
      await provider.disconnect({ connectorId: provider.id })
    } catch (error) {
      this.deps.logger.warn('Portico: could not end the unused session', error)
    }
  }

  /**
   * One `provider.disconnect` ends the session: every namespace connected
   * through it is released by its adapter and reset.
   */
  async disconnect(provider: ConnectorProvider, ns: ChainNamespace): Promise<void> {
    const connectorId = provider.id
    const namespaces = [ns, ...this.sessions.namespacesOf(connectorId).filter((n) => n !== ns)]
    try {
      await provider.disconnect({ connectorId })
    } catch (cause) {
      const error = toPorticoError(cause)
      this.deps.events.emit('DISCONNECT_ERROR', { namespace: ns, error })
      throw error
    }
    for (const n of namespaces) {
      const account = this.deps.accounts.get(n)
      // The provider's own `disconnect` event may have reset it already.
      if (!account || (account.status === 'disconnected' && !account.connectorId)) continue
      await this.releaseChannel(n, connectorId)
      this.sessions.reset(n)
      this.deps.events.emit('DISCONNECT_SUCCESS', { namespace: n })
      this.deps.onDisconnected(n)
    }
  }

  /** The adapter of a namespace forgets its channel (the session may live on for other namespaces). */
  async releaseChannel(ns: ChainNamespace, connectorId: string): Promise<void> {
    this.sessions.detach(ns)
    try {
      await this.deps.adapters.find(ns)?.disconnect({ connectorId })
    } catch (error) {
      this.deps.logger.warn('Portico: the adapter could not release the session channel', error)
    }
  }

  /**
   * Restores the namespaces whose recent connector is a provider's:
   * `reconnecting` while `provider.reconnect` runs; each namespace whose
   * channel its adapter takes is connected, the others move to disconnected
   * and forget the connector.
   */
  async reconnect(provider: ConnectorProvider, recentNamespaces: ChainNamespace[]): Promise<void> {
    const connectorId = provider.id
    const owned = recentNamespaces.filter((ns) => {
      const status = this.deps.accounts.get(ns)?.status
      // A connect() that started meanwhile owns the namespace.
      return status === undefined || status === 'disconnected' || status === 'reconnecting'
    })
    if (owned.length === 0) return
    for (const ns of owned) this.deps.accounts.update(ns, { status: 'reconnecting', connectorId })
    let results = new Map<ChainNamespace, ConnectResult>()
    let wallet: ConnectedWalletInfo | undefined
    try {
      const requests = this.channelRequests(provider)
      const session = provider.reconnect
        ? await provider.reconnect({ connectorId, namespaces: requests })
        : undefined
      if (session) {
        wallet = session.wallet
        results = await this.adopt(connectorId, session, requests, {})
      }
    } catch (error) {
      this.deps.logger.warn('Portico: could not restore the recent connection', error)
    }
    if (this.sessions.destroyed) return
    // A connect() that started meanwhile owns the state now.
    const pending = owned.filter((ns) => this.deps.accounts.get(ns)?.status === 'reconnecting')
    const restored = pending.filter((ns) => results.has(ns))
    for (const ns of pending) {
      if (restored.includes(ns)) continue
      this.deps.accounts.reset(ns)
      this.sessions.writeRecent(ns, undefined)
    }
    const active = this.deps.store.getState().activeNamespace
    const primary = active && restored.includes(active) ? active : restored[0]
    for (const ns of restored) {
      const result = results.get(ns)!
      const info = walletInfo(this.sessions.connectorOf(ns, connectorId), wallet ?? result.wallet)
      this.sessions.apply(ns, connectorId, result.accounts, result.caipNetworkId, info, {
        activate: ns === primary,
      })
    }
    for (const ns of restored) {
      void this.deps.balance.refresh(ns)
      this.deps.onRestored?.(ns)
    }
  }

  destroy(): void {
    for (const { off } of this.providers.values()) off()
  }
}
