/**
 * A test double of the ChainAdapter contract, used only by the core's own
 * state-machine tests (real adapters are tested against real nodes in their
 * packages). Its wallet is a script: tests decide what connect/getAccounts
 * answer and fire wallet events by hand. Like a real adapter it composes the
 * CAIP-10 ids of its accounts and drives a plugin's request channel when
 * connect is given one.
 */
import type {
  AccountRecord,
  AdapterEvents,
  Balance,
  CaipAddress,
  CaipNetworkId,
  ChainAdapter,
  ChainNamespace,
  Connector,
  Network,
  PorticoContext,
  RequestChannel,
  SwitchNetworkResult,
  TokenHolding,
} from '../contracts/index.js'
import { createEventHub } from './events.js'

export function fakeNetwork(
  namespace: ChainNamespace,
  reference: string | number,
  name = `Net ${reference}`,
): Network {
  return {
    id: reference,
    name,
    chainNamespace: namespace,
    caipNetworkId: `${namespace}:${reference}`,
    nativeCurrency: { name: 'Coin', symbol: 'COIN', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
  }
}

/** An event payload as a test fires it: the connector id defaults to the connection the fake holds. */
type LooseEvent<E extends keyof AdapterEvents> = Omit<AdapterEvents[E], 'connectorId'> & {
  connectorId?: string
}

export interface FakeAdapter extends ChainAdapter {
  ctx: PorticoContext | undefined
  calls: { method: string; params: unknown }[]
  /** What the next connect() without a channel does. */
  connectImpl: (params: { connectorId: string; caipNetworkId?: CaipNetworkId }) => Promise<{
    accounts: AccountRecord[]
    caipNetworkId: CaipNetworkId
  }>
  getAccountsImpl: (params: {
    connectorId: string
  }) => Promise<{ accounts: AccountRecord[]; caipNetworkId?: CaipNetworkId }>
  switchNetworkImpl: (params: {
    connectorId: string
    caipNetworkId: CaipNetworkId
  }) => Promise<SwitchNetworkResult | undefined>
  balanceImpl: (params: { address: string; caipNetworkId: CaipNetworkId }) => Promise<Balance>
  /** What getTokenBalances answers; the capability exists only when `tokenBalances` was given. */
  tokenBalancesImpl: (params: { address: string; caipNetworkId: CaipNetworkId }) => Promise<TokenHolding[]>
  /**
   * Fires a wallet event. `connectorId` defaults to the connector last
   * connected; a `chainChanged` without accounts carries the last accounts
   * re-composed for the new chain, as a real adapter does.
   */
  emit<E extends keyof AdapterEvents>(event: E, payload: LooseEvent<E>): void
  listenerCount(): number
  connectors: Connector[]
  /** Channels handed to connect, by connector id (dropped on disconnect). */
  channels: Map<string, RequestChannel>
}

/** An account record as an adapter reports it, its CAIP-10 id on `caipNetworkId` (default `<ns>:1`). */
export function account(
  namespace: ChainNamespace,
  address: string,
  caipNetworkId: CaipNetworkId = `${namespace}:1`,
): AccountRecord {
  return { namespace, address, caipAddress: `${caipNetworkId}:${address}` as CaipAddress, type: 'eoa' }
}

/** The accounts re-composed for another chain. */
export function onChain(accounts: readonly AccountRecord[], caipNetworkId: CaipNetworkId): AccountRecord[] {
  return accounts.map((a) => ({ ...a, caipAddress: `${caipNetworkId}:${a.address}` as CaipAddress }))
}

export function createFakeAdapter(
  options: {
    namespace?: ChainNamespace
    networks?: Network[]
    connectors?: string[]
    setup?: (ctx: PorticoContext) => void | Promise<void>
    /** Gives the adapter the optional `getTokenBalances` capability, answering with this. */
    tokenBalances?: (params: { address: string; caipNetworkId: CaipNetworkId }) => Promise<TokenHolding[]>
    /** Gives the adapter channel support (the default) or leaves it out (`false`). */
    channel?: boolean
  } = {},
): FakeAdapter {
  const namespace = options.namespace ?? 'eip155'
  const networks = options.networks ?? [fakeNetwork(namespace, 1), fakeNetwork(namespace, 2)]
  const hub = createEventHub<AdapterEvents>()
  const connectors: Connector[] = (options.connectors ?? ['fake.wallet']).map((id) => ({
    id,
    type: 'ANNOUNCED',
    name: `Wallet ${id}`,
    chain: namespace,
    info: { rdns: id },
  }))
  const first = networks[0]!.caipNetworkId
  /** Last connection: connector id and accounts (for events fired without them). */
  let last: { connectorId: string; accounts: AccountRecord[] } | undefined
  const remember = <T extends { accounts: AccountRecord[] }>(connectorId: string, result: T): T => {
    if (result.accounts.length > 0) last = { connectorId, accounts: result.accounts }
    return result
  }
  const channelOffs = new Map<string, (() => void)[]>()
  const adapter: FakeAdapter = {
    namespace,
    networks,
    ...(options.channel === false
      ? {}
      : { channel: { methods: ['fake_sign', 'fake_send'], events: ['accountsChanged', 'chainChanged'] } }),
    requestMethods: { safe: ['fake_read'], unsafe: ['fake_sign', 'fake_send'] },
    ctx: undefined,
    calls: [],
    connectors,
    channels: new Map(),
    async setup(ctx) {
      adapter.ctx = ctx
      await options.setup?.(ctx)
    },
    getConnectors: () => adapter.connectors,
    connectImpl: async ({ caipNetworkId }) => {
      const network = caipNetworkId ?? first
      return {
        accounts: [account(namespace, '0xabc0000000000000000000000000000000000001', network)],
        caipNetworkId: network,
      }
    },
    getAccountsImpl: async () => ({ accounts: [] }),
    switchNetworkImpl: async () => undefined,
    balanceImpl: async () => ({
      value: 1_500_000_000_000_000_000n,
      decimals: 18,
      symbol: 'COIN',
      formatted: '1.500',
    }),
    tokenBalancesImpl: options.tokenBalances ?? (async () => []),
    async connect(params) {
      adapter.calls.push({ method: 'connect', params })
      const { channel, connectorId } = params
      if (!channel) return remember(connectorId, await adapter.connectImpl(params))
      // A plugin's session: accounts and chains come from the channel (CAIP-10 / CAIP-2).
      const chains = channel.chains()
      const caipNetworkId =
        params.caipNetworkId && chains.includes(params.caipNetworkId) ? params.caipNetworkId : chains[0]
      if (!caipNetworkId) throw new Error('the session has no chain')
      const accounts = channel
        .accounts()
        .filter((a) => a.startsWith(`${caipNetworkId}:`))
        .map((a) => account(namespace, a.slice(caipNetworkId.length + 1), caipNetworkId))
      adapter.channels.set(connectorId, channel)
      for (const off of channelOffs.get(connectorId) ?? []) off()
      channelOffs.set(connectorId, [
        channel.on('accountsChanged', (payload) => {
          const list = (payload as string[]).map((a) =>
            account(namespace, a.split(':').pop()!, caipNetworkId),
          )
          hub.emit('accountsChanged', { connectorId, accounts: list })
        }),
        channel.on('chainChanged', (payload) => {
          const next = payload as CaipNetworkId
          hub.emit('chainChanged', { connectorId, caipNetworkId: next, accounts: onChain(accounts, next) })
        }),
      ])
      return remember(connectorId, { accounts, caipNetworkId })
    },
    async disconnect(params) {
      adapter.calls.push({ method: 'disconnect', params })
      for (const off of channelOffs.get(params.connectorId) ?? []) off()
      channelOffs.delete(params.connectorId)
      adapter.channels.delete(params.connectorId)
    },
    async getAccounts(params) {
      adapter.calls.push({ method: 'getAccounts', params })
      return remember(params.connectorId, await adapter.getAccountsImpl(params))
    },
    async switchNetwork(params) {
      adapter.calls.push({ method: 'switchNetwork', params })
      const channel = adapter.channels.get(params.connectorId)
      if (channel)
        await channel.request({
          method: 'fake_switch',
          params: [params.caipNetworkId],
          chainId: params.caipNetworkId,
        })
      const answer = await adapter.switchNetworkImpl(params)
      if (answer) return answer
      const accounts =
        last && last.connectorId === params.connectorId
          ? onChain(last.accounts, params.caipNetworkId)
          : undefined
      return { status: 'switched', ...(accounts ? { accounts } : {}) }
    },
    async getBalance(params) {
      adapter.calls.push({ method: 'getBalance', params })
      return adapter.balanceImpl(params)
    },
    async signMessage(params) {
      adapter.calls.push({ method: 'signMessage', params })
      const channel = adapter.channels.get(params.connectorId)
      if (channel) {
        const chainId = channel.chains()[0]!
        const signature = await channel.request<string>({
          method: 'fake_sign',
          params: [params.message],
          chainId,
        })
        return { signature }
      }
      return { signature: `signed:${String(params.message)}` }
    },
    async sendTransaction(params) {
      adapter.calls.push({ method: 'sendTransaction', params })
      const channel = adapter.channels.get(params.connectorId)
      if (channel) {
        const chainId = params.caipNetworkId ?? channel.chains()[0]!
        return await channel.request<string>({ method: 'fake_send', params: [params.request], chainId })
      }
      return `0x${'1'.repeat(64)}`
    },
    on: hub.on,
    listenerCount: hub.listenerCount,
    emit(event, payload) {
      const connectorId = payload.connectorId ?? last?.connectorId ?? adapter.connectors[0]?.id ?? ''
      let full = { ...payload, connectorId } as AdapterEvents[typeof event]
      if (event === 'chainChanged') {
        const chain = full as AdapterEvents['chainChanged']
        if (!chain.accounts && last?.connectorId === connectorId)
          full = { ...chain, accounts: onChain(last.accounts, chain.caipNetworkId) } as typeof full
      }
      if (event === 'accountsChanged') {
        const list = (full as AdapterEvents['accountsChanged']).accounts
        if (list.length > 0) last = { connectorId, accounts: list }
      }
      hub.emit(event, full)
    },
  }
  if (options.tokenBalances) {
    adapter.getTokenBalances = async (params) => {
      adapter.calls.push({ method: 'getTokenBalances', params })
      return adapter.tokenBalancesImpl(params)
    }
  }
  return adapter
}

/** A logger that records instead of printing. */
export function createRecordingLogger() {
  const lines: { level: string; message: string; details: unknown }[] = []
  const log = (level: string) => (message: string, details?: unknown) => {
    lines.push({ level, message, details })
  }
  return { lines, debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') }
}
