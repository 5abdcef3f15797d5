/**
 * A test double of the ChainAdapter contract, used only by the core's own
 * state-machine tests (real adapters are tested against real nodes in their
 * packages). Its wallet is a script: tests decide what connect/getAccounts
 * answer and fire wallet events by hand.
 */
import type {
  AccountRecord,
  AdapterEvents,
  Balance,
  CaipNetworkId,
  ChainAdapter,
  ChainNamespace,
  Connector,
  Network,
  PorticoContext,
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

export interface FakeAdapter extends ChainAdapter {
  ctx: PorticoContext | undefined
  calls: { method: string; params: unknown }[]
  /** What the next connect() does. */
  connectImpl: (params: { connectorId: string; caipNetworkId?: CaipNetworkId }) => Promise<{
    accounts: AccountRecord[]
    caipNetworkId: CaipNetworkId
  }>
  getAccountsImpl: (params: {
    connectorId: string
  }) => Promise<{ accounts: AccountRecord[]; caipNetworkId?: CaipNetworkId }>
  switchNetworkImpl: (params: { connectorId: string; caipNetworkId: CaipNetworkId }) => Promise<void>
  balanceImpl: (params: { address: string; caipNetworkId: CaipNetworkId }) => Promise<Balance>
  /** What getTokenBalances answers; the capability exists only when `tokenBalances` was given. */
  tokenBalancesImpl: (params: { address: string; caipNetworkId: CaipNetworkId }) => Promise<TokenHolding[]>
  emit<E extends keyof AdapterEvents>(event: E, payload: AdapterEvents[E]): void
  listenerCount(): number
  connectors: Connector[]
}

export function account(namespace: ChainNamespace, address: string): AccountRecord {
  return { namespace, address, type: 'eoa' }
}

export function createFakeAdapter(
  options: {
    namespace?: ChainNamespace
    networks?: Network[]
    connectors?: string[]
    setup?: (ctx: PorticoContext) => void | Promise<void>
    /** Gives the adapter the optional `getTokenBalances` capability, answering with this. */
    tokenBalances?: (params: { address: string; caipNetworkId: CaipNetworkId }) => Promise<TokenHolding[]>
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
  const adapter: FakeAdapter = {
    namespace,
    networks,
    ctx: undefined,
    calls: [],
    connectors,
    async setup(ctx) {
      adapter.ctx = ctx
      await options.setup?.(ctx)
    },
    getConnectors: () => adapter.connectors,
    connectImpl: async ({ caipNetworkId }) => ({
      accounts: [account(namespace, '0xabc0000000000000000000000000000000000001')],
      caipNetworkId: caipNetworkId ?? first,
    }),
    getAccountsImpl: async () => ({ accounts: [] }),
    switchNetworkImpl: async () => {},
    balanceImpl: async () => ({
      value: 1_500_000_000_000_000_000n,
      decimals: 18,
      symbol: 'COIN',
      formatted: '1.500',
    }),
    tokenBalancesImpl: options.tokenBalances ?? (async () => []),
    async connect(params) {
      adapter.calls.push({ method: 'connect', params })
      return adapter.connectImpl(params)
    },
    async disconnect(params) {
      adapter.calls.push({ method: 'disconnect', params })
    },
    async getAccounts(params) {
      adapter.calls.push({ method: 'getAccounts', params })
      return adapter.getAccountsImpl(params)
    },
    async switchNetwork(params) {
      adapter.calls.push({ method: 'switchNetwork', params })
      await adapter.switchNetworkImpl(params)
    },
    async getBalance(params) {
      adapter.calls.push({ method: 'getBalance', params })
      return adapter.balanceImpl(params)
    },
    async signMessage(params) {
      adapter.calls.push({ method: 'signMessage', params })
      return `signed:${params.message}`
    },
    async sendTransaction(params) {
      adapter.calls.push({ method: 'sendTransaction', params })
      return `0x${'1'.repeat(64)}`
    },
    parseUnits: (value, decimals) => BigInt(Math.round(Number(value) * 10 ** decimals)),
    formatUnits: (value, decimals) => (Number(value) / 10 ** decimals).toString(),
    ...hub,
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
