import {
  type AppMetadata,
  type ChainNamespace,
  type ChannelNamespaceRequest,
  type Connector,
  type ConnectorProvider,
  type ConnectorSession,
  type Network,
  PorticoError,
  ProviderDisconnectedError,
  type RequestChannel,
} from '@portico/core'
import type { UniversalProvider as UniversalProviderClass } from '@walletconnect/universal-provider'
import { ChannelEvents, createSessionChannel, sessionAccounts } from './channel.js'
import { ProjectIdNotConfiguredError } from './errors.js'
import { PairingLifecycle } from './pairing.js'
import { peerFromMetadata, type WalletConnectPeer, walletInfoOf } from './peer.js'
import { buildProposalNamespaces } from './proposal.js'

type UniversalProvider = InstanceType<typeof UniversalProviderClass>

/** The id of the WalletConnect connector in every namespace. */
export const WALLETCONNECT_CONNECTOR_ID = 'walletConnect'

/**
 * How long a pairing attempt may wait for the relay before it fails (10 s):
 * without a reachable relay no pairing URI ever comes, and the QR view would
 * spin forever. Configurable with the `relayTimeoutMs` option.
 */
export const WALLETCONNECT_RELAY_TIMEOUT_MS = 10_000

/** WalletConnect's key-value storage shape (`IKeyValueStorage`). */
export interface WalletConnectStorage {
  getKeys(): Promise<string[]>
  getEntries<T = unknown>(): Promise<[string, T][]>
  getItem<T = unknown>(key: string): Promise<T | undefined>
  setItem<T = unknown>(key: string, value: T): Promise<void>
  removeItem(key: string): Promise<void>
}

export interface WalletConnectConnectorOptions {
  /**
   * Project id sent to the relay. Required unless the relay is on loopback
   * (`ws://127.0.0.1:…`, which accepts any): without it `connect` fails with
   * SPEC §8 "Project ID Not Configured".
   */
  projectId?: string
  /** Relay URL; default WalletConnect's hosted relay. Use the devnet relay (`ws://127.0.0.1:8550`) offline. */
  relayUrl?: string
  /** The configured networks: their RPC URLs become the proposal's `rpcMap`. */
  networks: readonly Network[] | (() => readonly Network[])
  /** Namespaces the connector offers (default: every namespace of `networks`). */
  namespaces?: readonly ChainNamespace[]
  metadata?: AppMetadata
  /** WalletConnect storage; default the library's (IndexedDB / localStorage in a browser). */
  storage?: WalletConnectStorage
  /** Distinct per client in one process (default `portico`). */
  customStoragePrefix?: string
  /** WalletConnect's log level (default `silent`). */
  logLevel?: string
  /**
   * WalletConnect Verify attestation (the wallet learns whether the dApp's
   * domain is verified). Default: on for a relay that is not on loopback, off
   * for a loopback relay (it would load the hosted verify service's iframe).
   */
  verify?: boolean
  /**
   * Milliseconds a pairing attempt waits for the relay (its pairing URI)
   * before failing with `WalletConnectRelayTimeoutError`; default
   * `WALLETCONNECT_RELAY_TIMEOUT_MS` (10 s). `0` turns the time-out off.
   */
  relayTimeoutMs?: number
  /** Clock for the pairing lifecycle (epoch ms); tests shorten time with it. */
  now?: () => number
  /** How the provider module is loaded (default `import('@walletconnect/universal-provider')`). */
  loadProvider?: () => Promise<{ UniversalProvider: typeof UniversalProviderClass }>
}

/** What the views read: the pairing URI and the connector's status. */
export interface WalletConnectState {
  status: 'idle' | 'loading' | 'pairing' | 'connected' | 'error'
  /** `wc:` URI of the current pairing (undefined until the provider produced it). */
  uri: string | undefined
  /** Epoch ms when the current pairing expires (4 minutes after creation, SPEC §4). */
  expiresAt: number | undefined
  error: PorticoError | undefined
  /** Name, icon (data: URI only) and URL of the connected wallet, validated from its session metadata. */
  peer: WalletConnectPeer | undefined
}

/**
 * The WalletConnect v2 connector: a `ConnectorProvider` over a lazily loaded
 * `@walletconnect/universal-provider` that opens the session and hands core
 * one `RequestChannel` per approved namespace (the adapters do the rest),
 * plus the pairing state the views show.
 */
export interface WalletConnectConnector extends ConnectorProvider {
  getState(): WalletConnectState
  subscribe(listener: (state: WalletConnectState) => void): () => void
  /**
   * The URI to show: the cached one while its pairing has more than 10 s left,
   * else a new pairing (SPEC §4). Starts a connection attempt when none runs;
   * the attempt's outcome reaches the caller of `connect`.
   */
  getUri(): Promise<string>
  /** The loaded provider (undefined until first needed). */
  getProvider(): UniversalProvider | undefined
  /** Stops the relay socket (heartbeat first, then transport); the session stays stored. */
  destroy(): Promise<void>
}

/** True when the relay URL points at this machine (the devnet relay): no project id or Verify needed. */
export function isLoopbackRelay(relayUrl: string | undefined): boolean {
  if (!relayUrl) return false
  try {
    const host = new URL(relayUrl).hostname
    return host === '127.0.0.1' || host === 'localhost' || host === '[::1]'
  } catch {
    return false
  }
}

/**
 * Creates the WalletConnect connector. Nothing is loaded until the first
 * `connect`, `getUri` or `reconnect`.
 *
 * @example
 * const wc = createWalletConnectConnector({ relayUrl: 'ws://127.0.0.1:8550', networks })
 * const pending = wc.connect({ connectorId: 'walletConnect', namespaces })
 * showQr(await wc.getUri())
 * const { channels, wallet } = await pending
 */
export function createWalletConnectConnector(options: WalletConnectConnectorOptions): WalletConnectConnector {
  const loopback = isLoopbackRelay(options.relayUrl)
  const projectId = options.projectId || (loopback ? 'local' : undefined)
  const verify = options.verify ?? !loopback
  const networks = () => (typeof options.networks === 'function' ? options.networks() : options.networks)
  const offered = (): ChainNamespace[] => [
    ...new Set(
      networks()
        .map((n) => n.chainNamespace)
        .filter((ns) => !options.namespaces || options.namespaces.includes(ns)),
    ),
  ]

  let provider: UniversalProvider | undefined
  let loading: Promise<UniversalProvider> | undefined
  let requested: readonly ChannelNamespaceRequest[] = []
  // getUri may run before core's connect reaches the connector: the proposal waits for its namespaces.
  let namespacesKnown!: () => void
  const namespacesReady = new Promise<void>((resolve) => {
    namespacesKnown = resolve
  })
  const setRequested = (namespaces: readonly ChannelNamespaceRequest[]) => {
    requested = namespaces
    namespacesKnown()
  }
  let state: WalletConnectState = {
    status: 'idle',
    uri: undefined,
    expiresAt: undefined,
    error: undefined,
    peer: undefined,
  }
  const stateListeners = new Set<(s: WalletConnectState) => void>()
  const disconnectHandlers = new Set<(p: { reason?: string }) => void>()
  const events = new ChannelEvents()
  /** Last account list per namespace, to relay accountsChanged only on change. */
  const known = new Map<ChainNamespace, string>()

  const setState = (patch: Partial<WalletConnectState>) => {
    state = { ...state, ...patch }
    for (const l of [...stateListeners]) l(state)
  }
  const peerOf = (p: UniversalProvider) => peerFromMetadata(p.session?.peer.metadata)

  const pairing = new PairingLifecycle({
    now: options.now ?? Date.now,
    relayTimeoutMs: options.relayTimeoutMs ?? WALLETCONNECT_RELAY_TIMEOUT_MS,
    relayUrl: options.relayUrl,
    proposal: () => buildProposalNamespaces(requested, networks()),
    onUri: (uri, expiresAt) => setState({ status: 'pairing', uri, expiresAt, error: undefined }),
    // A fresh attempt after a failure: the error is over, the views wait for the new URI.
    onWaiting: () => {
      if (state.status === 'error') setState({ status: 'loading', error: undefined })
    },
    onApproved: () => setState({ status: 'connected', error: undefined, peer: provider && peerOf(provider) }),
    onFailed: (error) => setState({ status: 'error', error }),
  })

  const namespaceOf = (chainId: unknown) =>
    (typeof chainId === 'string' ? chainId.split(':')[0] : undefined) as ChainNamespace | undefined

  const onSessionEvent = (e: {
    params?: { event?: { name?: unknown; data?: unknown }; chainId?: unknown }
  }) => {
    const namespace = namespaceOf(e?.params?.chainId)
    const name = e?.params?.event?.name
    if (!namespace) return
    // Payloads go to the namespace's adapter unchanged: it validates them like an injected wallet's.
    if (name === 'chainChanged') events.emit(namespace, 'chainChanged', e.params!.event!.data)
    else if (name === 'accountsChanged') events.emit(namespace, 'accountsChanged', e.params!.event!.data)
  }

  const onSessionUpdate = () => {
    if (!provider?.session) return
    for (const namespace of offered()) {
      const accounts = sessionAccounts(provider, namespace)
      const list = accounts.join(',')
      if (!known.has(namespace) || known.get(namespace) === list) continue
      known.set(namespace, list)
      events.emit(namespace, 'accountsChanged', accounts)
    }
  }

  const ended = (reason: string) => {
    known.clear()
    pairing.reset()
    setState({ status: 'idle', uri: undefined, expiresAt: undefined, peer: undefined, error: undefined })
    events.emitAll('disconnect', reason)
    for (const h of [...disconnectHandlers]) h({ reason })
  }
  const onSessionDelete = () => ended('Session deleted by the wallet')
  const onSessionExpire = ({ topic }: { topic: string }) => {
    if (provider && (!provider.session || provider.session.topic === topic)) ended('Session expired')
  }
  const onDisplayUri = (uri: string) => pairing.displayUri(uri)

  const load = (): Promise<UniversalProvider> => {
    if (provider) return Promise.resolve(provider)
    if (!projectId) {
      const error = new ProjectIdNotConfiguredError()
      setState({ status: 'error', error })
      return Promise.reject(error)
    }
    loading ??= (async () => {
      setState({ status: 'loading' })
      const mod = await (options.loadProvider?.() ?? import('@walletconnect/universal-provider'))
      const p = await mod.UniversalProvider.init({
        projectId,
        relayUrl: options.relayUrl,
        metadata: options.metadata
          ? {
              name: options.metadata.name,
              description: options.metadata.description ?? '',
              url: options.metadata.url,
              icons: options.metadata.icons ?? [],
            }
          : undefined,
        telemetryEnabled: false,
        customStoragePrefix: options.customStoragePrefix ?? 'portico',
        storage: options.storage as never,
        logger: options.logLevel ?? 'silent',
      })
      if (!verify) {
        // No attestation iframe to the hosted verify service (see `verify`).
        p.client.core.verify.register = async () => ''
      }
      p.on('display_uri', onDisplayUri)
      p.on('session_event', onSessionEvent)
      p.on('session_update', onSessionUpdate)
      p.on('session_delete', onSessionDelete)
      // An expired session (7 days) ends like a deleted one.
      p.client.on('session_expire', onSessionExpire)
      provider = p
      setState({ status: p.session ? 'connected' : 'idle', peer: peerOf(p) })
      return p
    })()
    loading.catch(() => {
      // The caller gets the rejection; the next call loads afresh.
      loading = undefined
    })
    return loading
  }

  /** One channel per requested namespace the session granted accounts in, and the validated peer. */
  const sessionOf = (
    p: UniversalProvider,
    namespaces: readonly ChannelNamespaceRequest[],
  ): ConnectorSession => {
    const channels: Partial<Record<ChainNamespace, RequestChannel>> = {}
    for (const { namespace } of namespaces) {
      const accounts = sessionAccounts(p, namespace)
      if (accounts.length === 0) continue
      channels[namespace] = createSessionChannel(() => provider, namespace, events)
      known.set(namespace, accounts.join(','))
    }
    const wallet = walletInfoOf(peerOf(p))
    return { channels, ...(wallet ? { wallet } : {}) }
  }

  // Stable identity while the namespaces stay the same (the core keeps them in state).
  let connectors: readonly Connector[] = []
  let connectorsKey: string | undefined
  const connectorsFor = (): readonly Connector[] => {
    const list = offered()
    const key = list.join(',')
    if (key !== connectorsKey) {
      connectorsKey = key
      connectors = list.map((chain) => ({
        id: WALLETCONNECT_CONNECTOR_ID,
        type: 'WALLET_CONNECT' as const,
        name: 'WalletConnect',
        chain,
      }))
    }
    return connectors
  }

  return {
    id: WALLETCONNECT_CONNECTOR_ID,
    get connectors() {
      return connectorsFor()
    },
    getState: () => state,
    subscribe: (listener) => {
      stateListeners.add(listener)
      return () => stateListeners.delete(listener)
    },
    getProvider: () => provider,

    async connect({ namespaces }) {
      setRequested(namespaces)
      const p = await load()
      if (!p.session) await pairing.approval(p)
      return sessionOf(p, namespaces)
    },

    async getUri() {
      const p = await load()
      if (p.session)
        throw new PorticoError('Already connected through WalletConnect', { code: 'ALREADY_CONNECTED' })
      await namespacesReady
      return await pairing.uri(p)
    },

    async reconnect({ namespaces }) {
      setRequested(namespaces)
      const p = await load()
      if (!p.session) return undefined
      setState({ status: 'connected', peer: peerOf(p) })
      return sessionOf(p, namespaces)
    },

    async disconnect() {
      const p = provider
      if (!p?.session) return
      try {
        await p.disconnect()
      } finally {
        known.clear()
        pairing.reset()
        setState({ status: 'idle', uri: undefined, expiresAt: undefined, peer: undefined, error: undefined })
      }
    },

    on(_event, handler) {
      disconnectHandlers.add(handler)
      return () => disconnectHandlers.delete(handler)
    },

    async destroy() {
      const p = provider
      provider = undefined
      loading = undefined
      pairing.abort(new ProviderDisconnectedError())
      if (!p) return
      p.off('display_uri', onDisplayUri)
      p.off('session_event', onSessionEvent)
      p.off('session_update', onSessionUpdate)
      p.off('session_delete', onSessionDelete)
      p.client.off('session_expire', onSessionExpire)
      p.client.core.heartbeat.stop()
      await p.client.core.relayer.transportClose()
    },
  }
}
