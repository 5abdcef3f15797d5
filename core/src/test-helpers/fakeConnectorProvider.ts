/**
 * A test double of the ConnectorProvider contract (what a plugin registers
 * with `ctx.registerConnector`), used only by the core's own state-machine
 * tests; the real WalletConnect provider is tested against a loopback relay in
 * its package. Its "wallet" is a script: each approved namespace gets a
 * `FakeChannel` whose requests tests answer and whose events they fire.
 */
import type {
  CaipAddress,
  CaipNetworkId,
  ChainNamespace,
  ChannelNamespaceRequest,
  Connector,
  ConnectorProvider,
  ConnectorSession,
  RequestChannel,
  RequestChannelEvent,
} from '../contracts/index.js'
import { createEventHub } from './events.js'

/** The address the fake wallet returns in a namespace. */
export function fakeProviderAddress(namespace: ChainNamespace): string {
  return namespace === 'eip155' ? '0xfeed000000000000000000000000000000000001' : `${namespace}-feed-1`
}

export interface FakeChannel extends RequestChannel {
  requests: { method: string; params?: unknown; chainId: CaipNetworkId }[]
  /** Answers a request (default: `remote:<method>`). */
  answer: (args: { method: string; params?: unknown; chainId: CaipNetworkId }) => Promise<unknown>
  emit(event: RequestChannelEvent, payload: unknown): void
  listenerCount(): number
}

export function createFakeChannel(
  namespace: ChainNamespace,
  chains: CaipNetworkId[],
  address = fakeProviderAddress(namespace),
): FakeChannel {
  const hub = createEventHub<Record<RequestChannelEvent, unknown>>()
  const channel: FakeChannel = {
    namespace,
    requests: [],
    answer: async ({ method }) => `remote:${method}`,
    async request(args) {
      channel.requests.push(args)
      return (await channel.answer(args)) as never
    },
    accounts: () => chains.map((c) => `${c}:${address}` as CaipAddress),
    chains: () => chains,
    on: hub.on,
    emit: hub.emit,
    listenerCount: hub.listenerCount,
  }
  return channel
}

export interface FakeConnectorProvider extends ConnectorProvider {
  calls: { method: string; params: unknown }[]
  /** The channels of the last session, by namespace. */
  channels: Partial<Record<ChainNamespace, FakeChannel>>
  /** What the next connect() does (default: one channel per requested namespace, the preferred chain first). */
  connectImpl: ConnectorProvider['connect']
  /** What reconnect() answers (default: no stored session). */
  reconnectImpl: NonNullable<ConnectorProvider['reconnect']>
  /** The session ended on the wallet's side. */
  emitDisconnect(reason?: string): void
  listenerCount(): number
}

export function createFakeConnectorProvider(
  options: {
    id?: string
    /** Namespaces it offers (one connector each). */
    namespaces?: ChainNamespace[]
    /** Leave out the optional members (reconnect). */
    minimal?: boolean
    /** The wallet's own name, as a session's peer metadata gives it. */
    walletName?: string
  } = {},
): FakeConnectorProvider {
  const id = options.id ?? 'fake.remote'
  const namespaces = options.namespaces ?? ['eip155']
  const hub = createEventHub<{ disconnect: { reason?: string } }>()
  const connectors: Connector[] = namespaces.map((chain) => ({
    id,
    type: 'WALLET_CONNECT',
    name: 'Remote wallet',
    chain,
  }))
  const record = (method: string, params: unknown) => provider.calls.push({ method, params })
  /** One channel per requested namespace, on the requested chain (else the first offered). */
  const openChannels = (
    requests: readonly ChannelNamespaceRequest[],
    preferred?: CaipNetworkId,
  ): ConnectorSession => {
    provider.channels = {}
    for (const r of requests) {
      const first = preferred?.startsWith(`${r.namespace}:`) ? preferred : r.chains[0]
      if (!first) continue
      provider.channels[r.namespace] = createFakeChannel(r.namespace, [
        first,
        ...r.chains.filter((c) => c !== first),
      ])
    }
    return {
      channels: { ...provider.channels },
      ...(options.walletName ? { wallet: { name: options.walletName, type: 'WALLET_CONNECT' } } : {}),
    }
  }
  const provider: FakeConnectorProvider = {
    id,
    connectors,
    calls: [],
    channels: {},
    connectImpl: async ({ caipNetworkId, namespaces: requests }) => openChannels(requests, caipNetworkId),
    reconnectImpl: async () => undefined,
    async connect(params) {
      record('connect', params)
      return provider.connectImpl(params)
    },
    async disconnect(params) {
      record('disconnect', params)
    },
    on: hub.on,
    emitDisconnect: (reason) => hub.emit('disconnect', reason ? { reason } : {}),
    listenerCount: hub.listenerCount,
  }
  if (!options.minimal) {
    provider.reconnect = async (params) => {
      record('reconnect', params)
      return provider.reconnectImpl(params)
    }
  }
  return provider
}

/** A session as a provider's reconnect answers it: fresh channels for these namespaces. */
export function fakeSession(
  provider: FakeConnectorProvider,
  requests: readonly ChannelNamespaceRequest[],
): ConnectorSession {
  provider.channels = {}
  for (const r of requests) provider.channels[r.namespace] = createFakeChannel(r.namespace, [...r.chains])
  return { channels: { ...provider.channels } }
}
