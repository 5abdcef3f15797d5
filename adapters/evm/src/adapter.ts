import {
  type AdapterEvents,
  type Balance,
  type CaipNetworkId,
  type Connector,
  type ConnectResult,
  type Logger,
  NetworkNotFoundError,
  networkRpcUrls,
  type PorticoContext,
} from '@portico/core'
import type { Abi, Address, Hex, PublicClient } from 'viem'
import { toBalance } from './balances/index.js'
import { type ChannelProvider, channelProvider } from './channel/index.js'
import { type Connections, createConnections } from './connections/index.js'
import { buildConnectors } from './connectors/index.js'
import { EVM_CHANNEL, EVM_REQUEST_METHODS, type EvmTransactionRequest } from './contract/index.js'
import { type Eip6963Discovery, startEip6963Discovery } from './discovery/index.js'
import {
  type EvmNetwork,
  isEvmNetwork,
  parseEvmChainId,
  toCaipNetworkId,
  withRpcUrls,
} from './networks/index.js'
import {
  ConnectorNotFoundError,
  type Eip1193Provider,
  type Eip6963Target,
  EvmClientNotLoadedError,
  InvalidWalletResponseError,
  parseAccounts,
  parseSignature,
  toAccountRecords,
  walletRequest,
} from './provider/index.js'
import { type EvmRuntime, loadEvmRuntime } from './runtime/index.js'
import { formatEvmSignInMessage } from './siwx/index.js'
import { evmTransferRequest, isValidEvmAddress } from './transfer/index.js'
import type { EvmAdapter, EvmAdapterOptions } from './types.js'
import { readChainId, sendWithWallet, switchChain } from './wallet/index.js'

export type { EvmConnectorConfig } from './connectors/index.js'

export type { EvmAdapter, EvmAdapterOptions, WriteContractParams } from './types.js'

const NAMESPACE = 'eip155' as const

/**
 * The EVM chain adapter on viem. Discovers EIP-6963 wallets (browser only),
 * offers the legacy `window.ethereum` when no announced wallet is that
 * provider, plus the connectors you configure; drives a plugin's request
 * channel (a WalletConnect session) with the same encoding and validation;
 * reads over a ranked fallback transport per network; maps EIP-1193 errors
 * to typed Portico errors. Creating it and `setup` load no viem: viem
 * (clients, ABI encoding, address checksums) is `await import()`-ed on first
 * use and kept by the adapter.
 *
 * @example
 * const portico = createPortico({ adapters: [evmAdapter({ networks: [mainnet, base] })] })
 */
export function evmAdapter(options: EvmAdapterOptions): EvmAdapter {
  const networks = options.networks.filter(isEvmNetwork)
  if (networks.length === 0)
    throw new NetworkNotFoundError({ details: 'evmAdapter needs at least one eip155 network' })
  const handlers: { [E in keyof AdapterEvents]: Set<(payload: AdapterEvents[E]) => void> } = {
    accountsChanged: new Set(),
    chainChanged: new Set(),
    disconnect: new Set(),
  }
  const clients = new Map<CaipNetworkId, PublicClient>()
  const lifetime = new AbortController()
  let ctx: PorticoContext | undefined
  let discovery: Eip6963Discovery | undefined
  let connectors: Connector[] = buildConnectors(options.connectors ?? [], undefined)
  let runtimeLoading: Promise<EvmRuntime> | undefined
  let loaded: EvmRuntime | undefined

  const logger = (): Pick<Logger, 'warn'> => ctx?.logger ?? console

  function emit<E extends keyof AdapterEvents>(event: E, payload: AdapterEvents[E]): void {
    for (const h of [...handlers[event]]) {
      try {
        ;(h as (p: AdapterEvents[E]) => void)(payload)
      } catch (error) {
        logger().warn(`Portico: ${event} listener failed`, error)
      }
    }
  }

  const connections: Connections = createConnections({
    emit,
    logger,
    checksum: (address) => {
      if (!loaded) throw new EvmClientNotLoadedError('eip155')
      return loaded.getAddress(address)
    },
  })

  function rebuildConnectors(): void {
    connectors = buildConnectors(options.connectors ?? [], discovery)
    ctx?.setConnectors(NAMESPACE, connectors)
  }

  /** The wallet behind a connector id: a plugin's channel when one is held under it, else the connector's provider. */
  function providerOf(connectorId: string): Eip1193Provider {
    const channel = connections.get(connectorId)?.channel
    if (channel) return channel
    const provider = connectors.find((c) => c.id === connectorId)?.provider as Eip1193Provider | undefined
    if (!provider) throw new ConnectorNotFoundError(connectorId)
    return provider
  }

  function networkOf(caipNetworkId: CaipNetworkId): EvmNetwork {
    const network = networks.find((n) => n.caipNetworkId === caipNetworkId)
    if (!network) throw new NetworkNotFoundError({ details: caipNetworkId })
    return network
  }

  /**
   * The network with the RPC URLs Portico uses for it: its own, else the
   * gateway's RPC proxy when `apiUrl` is set (issue 18); unchanged when it
   * has neither (reads then refuse, see `clientWith`).
   */
  function routed(network: EvmNetwork): EvmNetwork {
    const urls = networkRpcUrls(network, ctx?.options ?? {})
    return urls.length > 0 ? withRpcUrls(network, urls) : network
  }

  /** viem and the code that needs it, loaded once per adapter; a failed load is retried next time. */
  function runtime(): Promise<EvmRuntime> {
    runtimeLoading ??= loadEvmRuntime().then(
      (rt) => (loaded = rt),
      (error: unknown) => {
        runtimeLoading = undefined
        throw error
      },
    )
    return runtimeLoading
  }

  /** Starts loading the runtime without waiting (beside a wallet prompt); the caller awaits it later. */
  function runtimeInBackground(): Promise<EvmRuntime> {
    const loading = runtime()
    loading.catch(() => {}) // awaited by the caller; not an unhandled rejection if the wallet fails first
    return loading
  }

  function clientWith(rt: EvmRuntime, caipNetworkId: CaipNetworkId): PublicClient {
    let client = clients.get(caipNetworkId)
    if (!client) {
      const network = routed(networkOf(caipNetworkId))
      if (network.rpcUrls.default.http.length === 0)
        throw new NetworkNotFoundError({ details: `${caipNetworkId} has no RPC URL and no apiUrl is set` })
      client = rt.createEvmPublicClient(network, {
        ...options.transport,
        signal: lifetime.signal,
      })
      clients.set(caipNetworkId, client)
    }
    return client
  }

  async function clientOf(caipNetworkId: CaipNetworkId): Promise<PublicClient> {
    networkOf(caipNetworkId) // an unknown network fails before anything loads
    return clientWith(await runtime(), caipNetworkId)
  }

  function defaultNetworkId(): CaipNetworkId {
    const fromState = ctx?.getState().networks.active[NAMESPACE]
    if (fromState && networks.some((n) => n.caipNetworkId === fromState)) return fromState
    return (networks[0] as EvmNetwork).caipNetworkId
  }

  async function sendTx(
    connectorId: string,
    request: EvmTransactionRequest,
    params: { address?: string; caipNetworkId?: CaipNetworkId } = {},
  ): Promise<Hex> {
    const provider = providerOf(connectorId)
    const rt = await runtime()
    const network = params.caipNetworkId ?? request.caipNetworkId
    return sendWithWallet({
      provider,
      rt,
      request,
      ...(params.address ? { address: params.address } : {}),
      ...(network && parseEvmChainId(network) !== undefined ? { network: routed(networkOf(network)) } : {}),
    })
  }

  /** Connects a wallet (an injected provider, or a plugin's channel driven as one). */
  async function connectWallet(
    connectorId: string,
    provider: Eip1193Provider,
    caipNetworkId: CaipNetworkId | undefined,
    channel?: ChannelProvider,
  ): Promise<ConnectResult> {
    // viem loads while the wallet asks the user, not before the prompt.
    const loading = runtimeInBackground()
    const answer = await walletRequest(provider, 'eth_requestAccounts')
    const rt = await loading
    const addresses = parseAccounts('eth_requestAccounts', answer, rt.getAddress)
    if (addresses.length === 0) {
      throw new InvalidWalletResponseError('eth_requestAccounts', { details: 'no accounts' })
    }
    let chainId = await readChainId(provider)
    const wanted = caipNetworkId ? parseEvmChainId(caipNetworkId) : undefined
    const wantedNetwork = networks.find((n) => n.id === wanted)
    if (wantedNetwork && wanted !== chainId) {
      try {
        await switchChain(provider, routed(wantedNetwork))
        chainId = await readChainId(provider)
      } catch (error) {
        // Connected on the wallet's own chain; the core flags it if unsupported (SPEC §4).
        logger().warn('Portico: connected, but the wallet stayed on its chain', error)
      }
    }
    connections.attach(connectorId, provider, {
      chainId,
      accounts: addresses,
      ...(channel ? { channel } : {}),
    })
    return { accounts: toAccountRecords(addresses, chainId), caipNetworkId: toCaipNetworkId(chainId) }
  }

  const adapter: EvmAdapter = {
    namespace: NAMESPACE,
    networks,
    channel: EVM_CHANNEL,
    requestMethods: EVM_REQUEST_METHODS,

    setup(context) {
      ctx = context
      // An explicit `window` (a harness) is used anywhere; the global one only in a browser.
      const target =
        options.window ?? (context.isBrowser ? (globalThis as { window?: Eip6963Target }).window : undefined)
      if (options.discovery !== false && target && !discovery) {
        discovery = startEip6963Discovery(target, rebuildConnectors, (kept, ignored) =>
          context.logger.warn(
            `Portico: ignored a second wallet announcing ${kept.info.rdns} (kept the first one)`,
            { kept: kept.info.name, ignored: ignored.info.name },
          ),
        )
        discovery.request() // each announcement rebuilds the list
      }
      rebuildConnectors()
    },

    getConnectors: () => connectors,

    async connect({ connectorId, caipNetworkId, channel }): Promise<ConnectResult> {
      if (!channel) return connectWallet(connectorId, providerOf(connectorId), caipNetworkId)
      // A plugin's session: pick the session chain the app asked for, else the first one it covers.
      const chains = channel.chains().filter((c) => networks.some((n) => n.caipNetworkId === c))
      const start = caipNetworkId && chains.includes(caipNetworkId) ? caipNetworkId : chains[0]
      if (!start) {
        throw new InvalidWalletResponseError('session', {
          details: 'the session covers no configured eip155 chain',
        })
      }
      connections.get(connectorId)?.detach()
      const provider = channelProvider(channel, start)
      try {
        return await connectWallet(connectorId, provider, caipNetworkId, provider)
      } catch (error) {
        provider.close()
        throw error
      }
    },

    async disconnect({ connectorId }) {
      const held = connections.get(connectorId)
      // Detach first: a wallet answering the revoke with accountsChanged([]) must not disconnect twice.
      held?.detach()
      // A plugin's session is the plugin's to end: the adapter only let go of the channel.
      if (held?.channel) return
      const provider = connectors.find((c) => c.id === connectorId)?.provider as Eip1193Provider | undefined
      if (!provider) return
      try {
        await walletRequest(provider, 'wallet_revokePermissions', [{ eth_accounts: {} }])
      } catch (error) {
        // Not every wallet supports it (4200 / -32601); the connection is forgotten either way.
        logger().warn('Portico: wallet_revokePermissions not supported or refused', error)
      }
    },

    async getAccounts({ connectorId }) {
      try {
        const provider = providerOf(connectorId)
        const loading = runtimeInBackground()
        const answer = await walletRequest(provider, 'eth_accounts')
        const rt = await loading
        const accounts = parseAccounts('eth_accounts', answer, rt.getAddress)
        const chainId = await readChainId(provider)
        if (accounts.length > 0) {
          const channel = connections.get(connectorId)?.channel
          connections.attach(connectorId, provider, { chainId, accounts, ...(channel ? { channel } : {}) })
        }
        return { accounts: toAccountRecords(accounts, chainId), caipNetworkId: toCaipNetworkId(chainId) }
      } catch (error) {
        logger().warn('Portico: could not read the wallet accounts', error)
        return { accounts: [] }
      }
    },

    async switchNetwork({ connectorId, caipNetworkId }) {
      const network = networkOf(caipNetworkId)
      await switchChain(providerOf(connectorId), routed(network))
      const held = connections.get(connectorId)
      if (!held) return { status: 'switched' }
      return { status: 'switched', accounts: toAccountRecords(held.accounts, network.id) }
    },

    async getBalance({ address, caipNetworkId }): Promise<Balance> {
      const network = networkOf(caipNetworkId)
      const value = await (await clientOf(caipNetworkId)).getBalance({ address: address as Address })
      return toBalance(value, network.nativeCurrency.decimals, network.nativeCurrency.symbol)
    },

    async getBalances({ address, caipNetworkId, tokens }) {
      const network = networkOf(caipNetworkId)
      const list = tokens ?? options.tokens?.[caipNetworkId] ?? []
      const rt = await runtime()
      return await rt.readTokenBalances(clientWith(rt, caipNetworkId), network, address as Address, list)
    },

    async getTokenBalances({ address, caipNetworkId, tokens }) {
      const configured = options.tokens?.[caipNetworkId] ?? []
      // Known addresses keep their configured metadata; others are read on-chain.
      const list = tokens?.map(
        (t) =>
          (typeof t === 'string' && configured.find((c) => c.address.toLowerCase() === t.toLowerCase())) || t,
      )
      const { tokens: held } = await adapter.getBalances({
        address,
        caipNetworkId,
        ...(list ? { tokens: list } : {}),
      })
      // CAIP-10 token ids in lowercase, as the gateway answers them.
      return held.map((t) => ({ ...t, caipAddress: `${caipNetworkId}:${t.token.toLowerCase()}` as const }))
    },

    async signMessage({ connectorId, address, message }) {
      const provider = providerOf(connectorId)
      const rt = await runtime()
      const data = typeof message === 'string' ? rt.stringToHex(message) : rt.bytesToHex(message)
      const sig = await walletRequest(provider, 'personal_sign', [data, address])
      return { signature: parseSignature('personal_sign', sig) }
    },

    formatSignInMessage: formatEvmSignInMessage,

    // Loaded on first use: viem's hashing stays out of the first bundle.
    async sessionRevokeTypedData(fields) {
      const { sessionRevokeTypedData } = await import('./sessions/index.js')
      return sessionRevokeTypedData(fields)
    },

    async signTypedData({ connectorId, address, typedData }) {
      const json = JSON.stringify(typedData, (_, v) => (typeof v === 'bigint' ? v.toString() : v))
      const sig = await walletRequest(providerOf(connectorId), 'eth_signTypedData_v4', [address, json])
      return parseSignature('eth_signTypedData_v4', sig)
    },

    sendTransaction: ({ connectorId, request, address, caipNetworkId }) =>
      sendTx(connectorId, request, {
        ...(address ? { address } : {}),
        ...(caipNetworkId ? { caipNetworkId } : {}),
      }),

    async writeContract(params) {
      providerOf(params.connectorId)
      const rt = await runtime()
      const data = rt.encodeFunctionData({
        abi: params.abi as Abi,
        functionName: params.functionName as string,
        args: (params.args ?? []) as readonly unknown[],
      })
      return await sendTx(params.connectorId, {
        to: params.address,
        data,
        ...(params.value !== undefined ? { value: params.value } : {}),
        ...(params.from ? { from: params.from } : {}),
        ...(params.caipNetworkId ? { caipNetworkId: params.caipNetworkId } : {}),
      })
    },

    async estimateGas({ request, address }) {
      const client = await clientOf(request.caipNetworkId ?? defaultNetworkId())
      const from = request.from ?? address
      return await client.estimateGas({
        ...(from ? { account: from as Address } : {}),
        ...(request.to ? { to: request.to as Address } : {}),
        ...(request.value !== undefined ? { value: request.value } : {}),
        ...(request.data ? { data: request.data as Hex } : {}),
      })
    },

    isValidAddress: ({ address }) => isValidEvmAddress(address, async () => (await runtime()).getAddress),

    transferRequest: (params) => evmTransferRequest(params),

    async estimateFee({ address, caipNetworkId, request }) {
      const network = networkOf(caipNetworkId)
      const client = await clientOf(caipNetworkId)
      const [gas, price] = await Promise.all([
        adapter.estimateGas({ request: { ...request, caipNetworkId }, ...(address ? { address } : {}) }),
        client.getGasPrice(),
      ])
      return toBalance(gas * price, network.nativeCurrency.decimals, network.nativeCurrency.symbol)
    },

    async getGasPrice({ caipNetworkId }) {
      return await (await clientOf(caipNetworkId)).getGasPrice()
    },

    async waitForTransaction({ hash, caipNetworkId }) {
      const receipt = await (await clientOf(caipNetworkId)).waitForTransactionReceipt({ hash })
      return receipt.status
    },

    getPublicClient(caipNetworkId) {
      networkOf(caipNetworkId)
      if (!loaded) throw new EvmClientNotLoadedError(caipNetworkId)
      return clientWith(loaded, caipNetworkId)
    },

    loadPublicClient: (caipNetworkId) => clientOf(caipNetworkId),

    on(event, handler) {
      const set = handlers[event] as Set<typeof handler>
      set.add(handler)
      return () => {
        set.delete(handler)
      }
    },

    destroy() {
      discovery?.stop()
      discovery = undefined
      connections.clear()
      for (const set of Object.values(handlers)) set.clear()
      lifetime.abort()
      clients.clear()
    },
  }
  return adapter
}
