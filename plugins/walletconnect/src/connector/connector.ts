import {
  type AccountRecord,
  type AppMetadata,
  type CaipNetworkId,
  type ChainNamespace,
  type Connector,
  type ConnectorProvider,
  type ConnectorProviderEvents,
  type ConnectorSessionResult,
  getPairingExpiry,
  isPairingExpired,
  MethodNotSupportedError,
  type Network,
  PorticoError,
  ProviderDisconnectedError,
  type TransactionRequest,
  toPorticoError,
  UserRejectedRequestError,
} from '@portico/core'
import type { UniversalProvider as UniversalProviderClass } from '@walletconnect/universal-provider'
import { toBase58, toHexMessage } from './encoding.js'
import { accountsFromSession, buildProposalNamespaces } from './namespaces.js'

type UniversalProvider = InstanceType<typeof UniversalProviderClass>

/** The id of the WalletConnect connector in every namespace. */
export const WALLETCONNECT_CONNECTOR_ID = 'walletConnect'

/**
 * How long a pairing attempt may wait for the relay before it fails (10 s):
 * without a reachable relay no pairing URI ever comes, and the QR view would
 * spin forever. Configurable with the `relayTimeoutMs` option.
 */
export const WALLETCONNECT_RELAY_TIMEOUT_MS = 10_000

/**
 * The relay did not let a pairing start in time (no pairing URI after
 * `relayTimeoutMs`): it is unreachable or not answering. "Try again" starts a
 * fresh attempt.
 *
 * @example
 * if (error instanceof WalletConnectRelayTimeoutError) showRetry()
 */
export class WalletConnectRelayTimeoutError extends PorticoError {
  override name = 'WalletConnectRelayTimeoutError'
  constructor(options: { timeoutMs: number; relayUrl?: string }) {
    super('Could not reach the WalletConnect relay', {
      code: 'WALLETCONNECT_RELAY_TIMEOUT',
      details: `No pairing URI after ${options.timeoutMs} ms${options.relayUrl ? ` from ${options.relayUrl}` : ''}`,
    })
  }
}

/** WalletConnect's key-value storage shape (`IKeyValueStorage`). */
export interface WalletConnectStorage {
  getKeys(): Promise<string[]>
  getEntries<T = unknown>(): Promise<[string, T][]>
  getItem<T = unknown>(key: string): Promise<T | undefined>
  setItem<T = unknown>(key: string, value: T): Promise<void>
  removeItem(key: string): Promise<void>
}

export interface WalletConnectConnectorOptions {
  /** Project id sent to the relay (a loopback relay accepts any, e.g. `local`). */
  projectId: string
  /** Relay URL; default WalletConnect's hosted relay. Use the devnet relay (`ws://127.0.0.1:8550`) offline. */
  relayUrl?: string
  /** The networks to propose; their RPC URLs become the provider's `rpcMap`. */
  networks: readonly Network[] | (() => readonly Network[])
  /** Namespaces to propose (default: every namespace of `networks`). */
  namespaces?: readonly ChainNamespace[]
  /** Preferred network per connect (the account returned is on it when the wallet approved it). */
  defaultNetwork?: CaipNetworkId | (() => CaipNetworkId | undefined)
  metadata?: AppMetadata
  /** WalletConnect storage; default the library's (IndexedDB / localStorage in a browser). */
  storage?: WalletConnectStorage
  /** Distinct per client in one process (default `portico`). */
  customStoragePrefix?: string
  /** WalletConnect's log level (default `silent`). */
  logLevel?: string
  /**
   * WalletConnect Verify attestation. Off by default: it loads an iframe from
   * the hosted verify service on every proposal, which breaks offline use.
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
  /** Name and icon of the connected wallet, from its session metadata. */
  peer: { name: string; icon?: string; url?: string } | undefined
}

/**
 * The WalletConnect v2 connector: a `ConnectorProvider` over a lazily loaded
 * `@walletconnect/universal-provider`, plus the pairing state the views show.
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
  /** Sends any request to the wallet on a chain (default: the session's chain of the namespace). */
  request<T = unknown>(args: { method: string; params?: unknown }, caipNetworkId: CaipNetworkId): Promise<T>
  /** Stops the relay socket (heartbeat first, then transport); the session stays stored. */
  destroy(): Promise<void>
}

interface Attempt {
  id: number
  expiresAt: number
  uri: string | undefined
  pairingTopic: string | undefined
  status: 'pending' | 'failed' | 'approved'
  /** Fails the attempt when the relay gave no URI in time. */
  timer?: ReturnType<typeof setTimeout>
}

interface Deferred<T> {
  promise: Promise<T>
  resolve(value: T): void
  reject(error: unknown): void
}

function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

// WalletConnect SDK error codes of a rejected proposal (USER_REJECTED, …_CHAINS, …_METHODS, …_EVENTS).
const WC_REJECTED_CODES = new Set([5000, 5001, 5002, 5003])

/** Converts a WalletConnect error at the boundary, by code. */
export function toWalletConnectError(error: unknown): PorticoError {
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'number' && WC_REJECTED_CODES.has(code))
    return new UserRejectedRequestError({ cause: error })
  return toPorticoError(error)
}

/**
 * Creates the WalletConnect connector. Nothing is loaded until the first
 * `connect`, `getUri` or `reconnect`.
 *
 * @example
 * const wc = createWalletConnectConnector({ projectId: 'local', relayUrl: 'ws://127.0.0.1:8550', networks })
 * const pending = wc.connect({ connectorId: 'walletConnect' })
 * showQr(await wc.getUri())
 * const { sessions } = await pending
 */
export function createWalletConnectConnector(options: WalletConnectConnectorOptions): WalletConnectConnector {
  const now = options.now ?? Date.now
  const relayTimeoutMs = options.relayTimeoutMs ?? WALLETCONNECT_RELAY_TIMEOUT_MS
  const networks = () => (typeof options.networks === 'function' ? options.networks() : options.networks)
  const defaultNetwork = () =>
    typeof options.defaultNetwork === 'function' ? options.defaultNetwork() : options.defaultNetwork
  const namespaces = (): ChainNamespace[] => [
    ...new Set(
      networks()
        .map((n) => n.chainNamespace)
        .filter((ns) => !options.namespaces || options.namespaces.includes(ns)),
    ),
  ]

  let provider: UniversalProvider | undefined
  let loading: Promise<UniversalProvider> | undefined
  let attempt: Attempt | undefined
  let pending: Deferred<ConnectorSessionResult> | undefined
  let seq = 0
  let state: WalletConnectState = {
    status: 'idle',
    uri: undefined,
    expiresAt: undefined,
    error: undefined,
    peer: undefined,
  }
  const stateListeners = new Set<(s: WalletConnectState) => void>()
  const handlers: { [E in keyof ConnectorProviderEvents]: Set<(p: ConnectorProviderEvents[E]) => void> } = {
    accountsChanged: new Set(),
    chainChanged: new Set(),
    disconnect: new Set(),
  }
  const uriWaiters = new Set<{ resolve(uri: string): void; reject(e: unknown): void }>()
  /** Last account list per namespace, to emit accountsChanged only on change. */
  const known = new Map<ChainNamespace, string>()
  /** The chain each namespace is on now (after chainChanged / switchNetwork). */
  const currentChain = new Map<ChainNamespace, CaipNetworkId>()

  const setState = (patch: Partial<WalletConnectState>) => {
    state = { ...state, ...patch }
    for (const l of [...stateListeners]) l(state)
  }
  const emit = <E extends keyof ConnectorProviderEvents>(event: E, payload: ConnectorProviderEvents[E]) => {
    for (const h of [...handlers[event]]) (h as (p: ConnectorProviderEvents[E]) => void)(payload)
  }

  const peerOf = (p: UniversalProvider): WalletConnectState['peer'] => {
    const meta = p.session?.peer.metadata
    return meta ? { name: meta.name, icon: meta.icons?.[0], url: meta.url } : undefined
  }

  const sessionResult = (p: UniversalProvider, preferred?: CaipNetworkId): ConnectorSessionResult => {
    const sessions: ConnectorSessionResult['sessions'] = {}
    for (const [key, ns] of Object.entries(p.session?.namespaces ?? {})) {
      const namespace = key.split(':')[0] as ChainNamespace
      const chosen = preferred?.startsWith(`${namespace}:`)
        ? preferred
        : defaultNetwork()?.startsWith(`${namespace}:`)
          ? defaultNetwork()
          : undefined
      const result = accountsFromSession(namespace, ns.accounts, chosen)
      if (!result) continue
      sessions[namespace] = result
      currentChain.set(namespace, result.caipNetworkId)
      known.set(namespace, result.accounts.map((a) => a.address).join(','))
    }
    return { sessions }
  }

  const onSessionEvent = (e: { params: { event: { name: string; data: unknown }; chainId: string } }) => {
    const { event, chainId } = e.params
    const namespace = chainId.split(':')[0] as ChainNamespace
    if (event.name === 'chainChanged') {
      const data = event.data
      const ref =
        typeof data === 'string' && data.includes(':')
          ? data.split(':')[1]!
          : typeof data === 'string' && data.startsWith('0x')
            ? String(Number.parseInt(data, 16))
            : String(data)
      const caipNetworkId = `${namespace}:${ref}` as CaipNetworkId
      currentChain.set(namespace, caipNetworkId)
      emit('chainChanged', { namespace, caipNetworkId })
    } else if (event.name === 'accountsChanged' && Array.isArray(event.data)) {
      const accounts: AccountRecord[] = (event.data as string[]).map((a) => ({
        namespace,
        address: a.split(':').at(-1)!,
        type: 'eoa',
      }))
      known.set(namespace, accounts.map((a) => a.address).join(','))
      emit('accountsChanged', { namespace, accounts })
    }
  }

  const onSessionUpdate = () => {
    if (!provider?.session) return
    for (const [key, ns] of Object.entries(provider.session.namespaces)) {
      const namespace = key.split(':')[0] as ChainNamespace
      const result = accountsFromSession(namespace, ns.accounts)
      if (!result) continue
      const list = result.accounts.map((a) => a.address).join(',')
      if (known.get(namespace) === list) continue
      known.set(namespace, list)
      emit('accountsChanged', { namespace, accounts: result.accounts })
    }
  }

  const onDisconnect = () => {
    known.clear()
    currentChain.clear()
    clearTimeout(attempt?.timer)
    attempt = undefined
    setState({ status: 'idle', uri: undefined, expiresAt: undefined, peer: undefined, error: undefined })
    emit('disconnect', { reason: 'Session deleted by the wallet' })
  }

  const onSessionExpire = ({ topic }: { topic: string }) => {
    if (provider && (!provider.session || provider.session.topic === topic)) onDisconnect()
  }

  const onDisplayUri = (uri: string) => {
    if (attempt?.status !== 'pending') return
    clearTimeout(attempt.timer)
    attempt.uri = uri
    attempt.pairingTopic = /^wc:([0-9a-f]+)@/.exec(uri)?.[1]
    setState({ status: 'pairing', uri, expiresAt: attempt.expiresAt, error: undefined })
    for (const w of [...uriWaiters]) w.resolve(uri)
    uriWaiters.clear()
  }

  const load = (): Promise<UniversalProvider> => {
    if (provider) return Promise.resolve(provider)
    loading ??= (async () => {
      setState({ status: 'loading' })
      const mod = await (options.loadProvider?.() ?? import('@walletconnect/universal-provider'))
      const p = await mod.UniversalProvider.init({
        projectId: options.projectId,
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
      if (!options.verify) {
        // No attestation iframe to the hosted verify service (see `verify`).
        p.client.core.verify.register = async () => ''
      }
      p.on('display_uri', onDisplayUri)
      p.on('session_event', onSessionEvent)
      p.on('session_update', onSessionUpdate)
      p.on('session_delete', onDisconnect)
      // An expired session (7 days) ends like a deleted one.
      p.client.on('session_expire', onSessionExpire)
      provider = p
      setState({ status: p.session ? 'connected' : 'idle', peer: peerOf(p) })
      return p
    })()
    loading.catch(() => {
      loading = undefined
    })
    return loading
  }

  /** Ends an attempt with an error: the views show it with "Try again"; `connect` and `getUri` reject. */
  const failAttempt = (current: Attempt, err: PorticoError) => {
    clearTimeout(current.timer)
    current.status = 'failed'
    setState({ status: 'error', error: err })
    for (const w of [...uriWaiters]) w.reject(err)
    uriWaiters.clear()
    pending?.reject(err)
    pending = undefined
  }

  /** Starts a pairing attempt; `reuse` keeps a still-valid, active pairing (retry after a rejection). */
  const startAttempt = (p: UniversalProvider, reuse?: Attempt) => {
    const current: Attempt = {
      id: ++seq,
      expiresAt: reuse?.expiresAt ?? getPairingExpiry(now()),
      uri: reuse?.uri,
      pairingTopic: reuse?.pairingTopic,
      status: 'pending',
    }
    if (attempt) clearTimeout(attempt.timer)
    attempt = current
    if (reuse?.uri)
      setState({ status: 'pairing', uri: reuse.uri, expiresAt: reuse.expiresAt, error: undefined })
    else {
      // A fresh attempt after a failure: the error is over, the views wait for the new URI.
      if (state.status === 'error') setState({ status: 'loading', error: undefined })
      if (relayTimeoutMs > 0 && Number.isFinite(relayTimeoutMs)) {
        // No relay, no URI: the provider keeps retrying its socket silently, so the attempt gives up here.
        current.timer = setTimeout(() => {
          if (attempt !== current || current.status !== 'pending' || current.uri) return
          failAttempt(
            current,
            new WalletConnectRelayTimeoutError({ timeoutMs: relayTimeoutMs, relayUrl: options.relayUrl }),
          )
        }, relayTimeoutMs)
      }
    }
    const ns = buildProposalNamespaces(networks(), {
      namespaces: namespaces(),
      defaultNetwork: defaultNetwork(),
    })
    // UniversalProvider.connect unsubscribes every pairing first (synchronously, at
    // its start): on a retry over the paired topic that would drop the wallet's
    // answer, so the clean-up is skipped for that one call.
    const cleanup = p.cleanupPendingPairings
    if (reuse) p.cleanupPendingPairings = async () => undefined
    const connecting = p.connect({ optionalNamespaces: ns as never, pairingTopic: reuse?.pairingTopic })
    p.cleanupPendingPairings = cleanup
    connecting.then(
      () => {
        clearTimeout(current.timer)
        current.status = 'approved'
        // A stale attempt approved (the wallet scanned an old QR) still connects: the session is real.
        const result = sessionResult(p)
        setState({ status: 'connected', error: undefined, peer: peerOf(p) })
        if (attempt === current) attempt = undefined
        pending?.resolve(result)
        pending = undefined
      },
      async (error: unknown) => {
        if (attempt !== current || current.status !== 'pending') {
          current.status = 'failed'
          return // superseded by a refreshed pairing, or already timed out
        }
        const err = toWalletConnectError(error)
        if (err instanceof UserRejectedRequestError && current.pairingTopic) {
          // The wallet scanned and answered: the pairing works, keep it for "Try again".
          await p.client.core.pairing.activate({ topic: current.pairingTopic }).catch(() => undefined)
        }
        failAttempt(current, err)
      },
    )
  }

  const pairingActive = (p: UniversalProvider, topic: string | undefined) =>
    !!topic &&
    p.client.core.pairing
      .getPairings()
      .some((x: { topic: string; active: boolean }) => x.topic === topic && x.active)

  /** Makes sure a non-expired pairing attempt runs (SPEC §4 lifecycle). */
  const ensureAttempt = (p: UniversalProvider) => {
    const fresh = attempt && !isPairingExpired(attempt.expiresAt, now())
    if (fresh && attempt!.status === 'pending') return
    if (fresh && attempt!.status === 'failed' && pairingActive(p, attempt!.pairingTopic)) {
      // "Try again": the cached URI stays; a new proposal goes over the paired topic.
      startAttempt(p, attempt)
      return
    }
    startAttempt(p)
  }

  const requireSession = (p: UniversalProvider | undefined): UniversalProvider => {
    if (!p?.session) throw new ProviderDisconnectedError()
    return p
  }

  const chainOf = (p: UniversalProvider, namespace: ChainNamespace): CaipNetworkId => {
    const accounts = p.session?.namespaces[namespace]?.accounts ?? []
    const first = accounts[0]?.split(':')
    if (!first) throw new ProviderDisconnectedError()
    return `${first[0]}:${first[1]}` as CaipNetworkId
  }
  const request = async <T>(args: { method: string; params?: unknown }, caipNetworkId: CaipNetworkId) => {
    const p = requireSession(provider)
    try {
      return (await p.request<T>(args as never, caipNetworkId)) as T
    } catch (error) {
      throw toWalletConnectError(error)
    }
  }

  // Stable identity while the namespaces stay the same (the core keeps them in state).
  let connectors: readonly Connector[] = []
  let connectorsKey: string | undefined
  const connectorsFor = (): readonly Connector[] => {
    const list = namespaces()
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

    async connect({ caipNetworkId }) {
      const p = await load()
      if (p.session) return sessionResult(p, caipNetworkId)
      pending ??= deferred()
      const awaited = pending.promise
      ensureAttempt(p)
      const result = await awaited
      if (caipNetworkId) return sessionResult(p, caipNetworkId)
      return result
    },

    async getUri() {
      const p = await load()
      if (p.session)
        throw new PorticoError('Already connected through WalletConnect', { code: 'ALREADY_CONNECTED' })
      pending ??= deferred()
      // Nobody may await this attempt yet: keep an unobserved rejection from surfacing.
      pending.promise.catch(() => undefined)
      ensureAttempt(p)
      const a = attempt!
      if (a.uri) return a.uri
      return await new Promise<string>((resolve, reject) => uriWaiters.add({ resolve, reject }))
    },

    async reconnect() {
      const p = await load()
      if (!p.session) return undefined
      currentChain.clear()
      setState({ status: 'connected', peer: peerOf(p) })
      return sessionResult(p)
    },

    async disconnect() {
      const p = provider
      if (!p?.session) return
      try {
        await p.disconnect()
      } finally {
        known.clear()
        currentChain.clear()
        clearTimeout(attempt?.timer)
        attempt = undefined
        setState({ status: 'idle', uri: undefined, expiresAt: undefined, peer: undefined, error: undefined })
      }
    },

    async getAccounts({ namespace }) {
      const p = provider
      const ns = p?.session?.namespaces[namespace]
      if (!ns) return { accounts: [] }
      const result = accountsFromSession(namespace, ns.accounts, currentChain.get(namespace))
      return result ?? { accounts: [] }
    },

    async switchNetwork({ caipNetworkId }) {
      const p = requireSession(provider)
      const namespace = caipNetworkId.split(':')[0] as ChainNamespace
      if (namespace !== 'eip155') throw new MethodNotSupportedError({ method: 'switchNetwork' })
      const from = currentChain.get(namespace) ?? chainOf(p, namespace)
      await request(
        {
          method: 'wallet_switchEthereumChain',
          params: [{ chainId: `0x${Number(caipNetworkId.split(':')[1]).toString(16)}` }],
        },
        from,
      )
      currentChain.set(namespace, caipNetworkId)
      emit('chainChanged', { namespace, caipNetworkId })
    },

    async signMessage({ namespace, address, message }) {
      const p = requireSession(provider)
      const chain = currentChain.get(namespace) ?? chainOf(p, namespace)
      switch (namespace) {
        case 'eip155':
          return await request<string>(
            { method: 'personal_sign', params: [toHexMessage(message), address] },
            chain,
          )
        case 'solana': {
          const res = await request<{ signature: string }>(
            {
              method: 'solana_signMessage',
              params: { message: toBase58(new TextEncoder().encode(message)), pubkey: address },
            },
            chain,
          )
          return res.signature
        }
        default:
          throw new MethodNotSupportedError({ method: 'signMessage' })
      }
    },

    async sendTransaction({
      namespace,
      request: tx,
    }: {
      namespace: ChainNamespace
      request: TransactionRequest
    }) {
      const p = requireSession(provider)
      const chain = tx.caipNetworkId ?? currentChain.get(namespace) ?? chainOf(p, namespace)
      switch (namespace) {
        case 'eip155': {
          const from = tx.from ?? p.session!.namespaces.eip155!.accounts[0]!.split(':')[2]
          return await request<string>(
            {
              method: 'eth_sendTransaction',
              params: [
                {
                  from,
                  to: tx.to,
                  value: tx.value !== undefined ? `0x${tx.value.toString(16)}` : undefined,
                  data: tx.data,
                },
              ],
            },
            chain,
          )
        }
        case 'solana': {
          const res = await request<{ signature: string }>(
            { method: 'solana_signAndSendTransaction', params: { transaction: tx.transaction } },
            chain,
          )
          return res.signature
        }
        default:
          throw new MethodNotSupportedError({ method: 'sendTransaction' })
      }
    },

    async signTypedData({ namespace, address, typedData }) {
      const p = requireSession(provider)
      if (namespace !== 'eip155') throw new MethodNotSupportedError({ method: 'signTypedData' })
      const chain = currentChain.get(namespace) ?? chainOf(p, namespace)
      const json = typeof typedData === 'string' ? typedData : JSON.stringify(typedData, bigintReplacer)
      return await request<string>({ method: 'eth_signTypedData_v4', params: [address, json] }, chain)
    },

    on(event, handler) {
      handlers[event].add(handler as never)
      return () => handlers[event].delete(handler as never)
    },

    request,

    async destroy() {
      const p = provider
      provider = undefined
      loading = undefined
      clearTimeout(attempt?.timer)
      if (pending) {
        pending.promise.catch(() => undefined)
        pending.reject(new ProviderDisconnectedError())
      }
      pending = undefined
      if (!p) return
      p.off('display_uri', onDisplayUri)
      p.off('session_event', onSessionEvent)
      p.off('session_update', onSessionUpdate)
      p.off('session_delete', onDisconnect)
      p.client.off('session_expire', onSessionExpire)
      p.client.core.heartbeat.stop()
      await p.client.core.relayer.transportClose()
    },
  }
}

function bigintReplacer(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value
}
