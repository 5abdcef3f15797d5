/**
 * A test double of the ConnectorProvider contract (what a plugin registers
 * with `ctx.registerConnector`), used only by the core's own state-machine
 * tests; the real WalletConnect provider is tested against a loopback relay in
 * its package. Its wallet is a script: tests decide what connect/reconnect
 * answer and fire events by hand.
 */
import type {
  CaipNetworkId,
  ChainNamespace,
  Connector,
  ConnectorProvider,
  ConnectorProviderEvents,
  ConnectorSessionResult,
} from '../contracts/index.js'
import { createEventHub } from './events.js'
import { account } from './fakeAdapter.js'

export interface FakeConnectorProvider extends ConnectorProvider {
  calls: { method: string; params: unknown }[]
  /** What the next connect() does (default: one session per namespace, on the requested or first network). */
  connectImpl: ConnectorProvider['connect']
  /** What reconnect() answers (default: no stored connection). */
  reconnectImpl: (params: { connectorId: string }) => Promise<ConnectorSessionResult | undefined>
  emit<E extends keyof ConnectorProviderEvents>(event: E, payload: ConnectorProviderEvents[E]): void
  listenerCount(): number
}

/** The address the fake wallet returns in a namespace. */
export function fakeProviderAddress(namespace: ChainNamespace): string {
  return namespace === 'eip155' ? '0xfeed000000000000000000000000000000000001' : `${namespace}-feed-1`
}

export function createFakeConnectorProvider(
  options: {
    id?: string
    /** Namespaces it offers (one connector each) and connects at once. */
    namespaces?: ChainNamespace[]
    /** First network per namespace (default `<ns>:1`). */
    networks?: Partial<Record<ChainNamespace, CaipNetworkId>>
    /** Leave out the optional members (reconnect, switchNetwork, sendTransaction, signTypedData). */
    minimal?: boolean
  } = {},
): FakeConnectorProvider {
  const id = options.id ?? 'fake.remote'
  const namespaces = options.namespaces ?? ['eip155']
  const hub = createEventHub<ConnectorProviderEvents>()
  const connectors: Connector[] = namespaces.map((chain) => ({
    id,
    type: 'WALLET_CONNECT',
    name: 'Remote wallet',
    chain,
  }))
  const networkOf = (ns: ChainNamespace) => options.networks?.[ns] ?? (`${ns}:1` as CaipNetworkId)
  const record = (method: string, params: unknown) => provider.calls.push({ method, params })
  const provider: FakeConnectorProvider = {
    id,
    connectors,
    calls: [],
    connectImpl: async ({ caipNetworkId }) => ({
      sessions: Object.fromEntries(
        namespaces.map((ns) => [
          ns,
          {
            accounts: [account(ns, fakeProviderAddress(ns))],
            caipNetworkId: caipNetworkId?.startsWith(`${ns}:`) ? caipNetworkId : networkOf(ns),
          },
        ]),
      ),
    }),
    reconnectImpl: async () => undefined,
    async connect(params) {
      record('connect', params)
      return provider.connectImpl(params)
    },
    async disconnect(params) {
      record('disconnect', params)
    },
    async getAccounts(params) {
      record('getAccounts', params)
      return { accounts: [account(params.namespace, fakeProviderAddress(params.namespace))] }
    },
    async signMessage(params) {
      record('signMessage', params)
      return `remote-signed:${params.message}`
    },
    ...hub,
  }
  if (!options.minimal) {
    provider.reconnect = async (params) => {
      record('reconnect', params)
      return provider.reconnectImpl(params)
    }
    provider.switchNetwork = async (params) => {
      record('switchNetwork', params)
    }
    provider.sendTransaction = async (params) => {
      record('sendTransaction', params)
      return `0x${'ab'.repeat(32)}`
    }
    provider.signTypedData = async (params) => {
      record('signTypedData', params)
      return 'remote-typed'
    }
  }
  return provider
}
