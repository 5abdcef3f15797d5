import {
  type AccountRecord,
  type AdapterEvents,
  type Balance,
  type CaipNetworkId,
  type ChainAdapter,
  type Connector,
  type ConnectResult,
  type Logger,
  NetworkNotFoundError,
  type PorticoContext,
  sanitizeWalletName,
  type TransactionRequest,
  UnrecognizedChainError,
} from '@portico/core'
import type { Abi, Address, ContractFunctionArgs, ContractFunctionName, Hex, PublicClient } from 'viem'
import {
  type EvmToken,
  type TokenBalanceResult,
  type TokenBalances,
  type TokenQuery,
  toBalance,
} from './balances/index.js'
import { type Eip6963Discovery, startEip6963Discovery } from './discovery/index.js'
import { type EvmNetwork, isEvmNetwork, parseEvmChainId, toCaipNetworkId } from './networks/index.js'
import {
  ConnectorNotFoundError,
  type Eip1193Provider,
  type Eip6963Target,
  EvmClientNotLoadedError,
  findErrorCode,
  InvalidWalletResponseError,
  parseAccounts,
  parseChainId,
  parseSignature,
  parseTransactionHash,
  toAccountRecords,
  walletRequest,
} from './provider/index.js'
import { type EvmRuntime, loadEvmRuntime } from './runtime/index.js'
import type { EvmTransportOptions } from './transport/index.js'
import { formatUnits, parseUnits, toHexQuantity } from './units/index.js'

/** A connector the integrator configures (a provider they hold, e.g. the dev wallet or an SDK's provider). */
export interface EvmConnectorConfig {
  id: string
  name: string
  provider: Eip1193Provider
  /** A `data:image/…` URI or an https URL (integrator-trusted). */
  imageUrl?: string
  rdns?: string
}

export interface EvmAdapterOptions {
  networks: readonly EvmNetwork[]
  /** Connectors offered besides the discovered ones. */
  connectors?: readonly EvmConnectorConfig[]
  /** ERC-20 tokens per CAIP-2 network id, read by `getTokenBalances`. */
  tokens?: Readonly<Partial<Record<CaipNetworkId, readonly EvmToken[]>>>
  /** RPC transport settings (SPEC §9 defaults). */
  transport?: EvmTransportOptions
  /** EIP-6963 discovery: on by default in a browser; `false` turns it off. */
  discovery?: boolean
  /** The window to discover on (default `globalThis.window`); a harness in tests. Used only when `ctx.isBrowser`. */
  window?: Eip6963Target
}

/** Params of `writeContract`: a contract call sent as a transaction through the wallet. */
export interface WriteContractParams<
  A extends Abi | readonly unknown[] = Abi,
  F extends ContractFunctionName<A, 'nonpayable' | 'payable'> = ContractFunctionName<
    A,
    'nonpayable' | 'payable'
  >,
> {
  connectorId: string
  address: Address
  abi: A
  functionName: F
  args?: ContractFunctionArgs<A, 'nonpayable' | 'payable', F>
  value?: bigint
  from?: Address
  caipNetworkId?: CaipNetworkId
}

/** The EVM adapter: the core `ChainAdapter` plus EVM reads and writes. */
export interface EvmAdapter extends ChainAdapter {
  readonly namespace: 'eip155'
  readonly networks: readonly EvmNetwork[]
  signTypedData(params: { connectorId: string; address: string; typedData: unknown }): Promise<string>
  estimateGas(params: { request: TransactionRequest }): Promise<bigint>
  /**
   * Native + ERC-20 balances in one RPC round trip (one Multicall3 aggregate3
   * `eth_call`). Tokens default to the ones configured for the network.
   */
  getBalances(params: {
    address: string
    caipNetworkId: CaipNetworkId
    tokens?: readonly TokenQuery[]
  }): Promise<TokenBalances>
  /** ERC-20 holdings only (the core capability); same single round trip as `getBalances`. */
  getTokenBalances(params: {
    address: string
    caipNetworkId: CaipNetworkId
    tokens?: readonly TokenQuery[]
  }): Promise<TokenBalanceResult[]>
  getGasPrice(params: { caipNetworkId: CaipNetworkId }): Promise<bigint>
  writeContract<
    const A extends Abi | readonly unknown[],
    F extends ContractFunctionName<A, 'nonpayable' | 'payable'>,
  >(params: WriteContractParams<A, F>): Promise<Hex>
  /** Waits for a transaction to be mined; resolves with its status. */
  waitForTransaction(params: { hash: Hex; caipNetworkId: CaipNetworkId }): Promise<'success' | 'reverted'>
  /**
   * The read client of a network (viem), for anything the adapter does not
   * wrap. viem loads lazily: this works once the adapter has loaded it (after
   * a connect, a read, a signature…) and throws `EvmClientNotLoadedError`
   * before; `loadPublicClient` always works.
   */
  getPublicClient(caipNetworkId: CaipNetworkId): PublicClient
  /** The read client of a network, loading viem first when needed. */
  loadPublicClient(caipNetworkId: CaipNetworkId): Promise<PublicClient>
}

const NAMESPACE = 'eip155' as const
const INJECTED_ID = 'injected'

interface ActiveConnection {
  connectorId: string
  provider: Eip1193Provider
  detach: () => void
}

/**
 * The EVM chain adapter on viem. Discovers EIP-6963 wallets (browser only),
 * offers the legacy `window.ethereum` when no announced wallet is that
 * provider, plus the connectors you configure; reads over a ranked fallback
 * transport per network; maps EIP-1193 errors to typed Portico errors.
 * Creating it and `setup` load no viem: viem (clients, ABI encoding, address
 * checksums) is `await import()`-ed on first use and kept by the adapter.
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
  let connectors: Connector[] = configuredConnectors()
  let active: ActiveConnection | undefined
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

  function configuredConnectors(): Connector[] {
    return (options.connectors ?? []).map((c) => ({
      id: c.id,
      type: 'EXTERNAL',
      name: sanitizeWalletName(c.name) ?? c.id,
      chain: NAMESPACE,
      provider: c.provider,
      ...(c.imageUrl ? { imageUrl: c.imageUrl } : {}),
      ...(c.rdns ? { info: { rdns: c.rdns } } : {}),
      installed: true,
    }))
  }

  function rebuildConnectors(): void {
    const list = configuredConnectors()
    const ids = new Set(list.map((c) => c.id))
    for (const w of discovery?.wallets() ?? []) {
      if (ids.has(w.info.rdns)) continue
      ids.add(w.info.rdns)
      list.push({
        id: w.info.rdns,
        type: 'ANNOUNCED',
        name: w.info.name,
        chain: NAMESPACE,
        provider: w.provider,
        ...(w.info.icon ? { imageUrl: w.info.icon } : {}),
        info: { rdns: w.info.rdns },
        installed: true,
      })
    }
    const legacy = discovery?.legacyProvider()
    if (legacy && !ids.has(INJECTED_ID)) {
      list.push({
        id: INJECTED_ID,
        type: 'INJECTED',
        name: 'Browser Wallet',
        chain: NAMESPACE,
        provider: legacy,
        installed: true,
      })
    }
    connectors = list
    ctx?.setConnectors(NAMESPACE, connectors)
  }

  function providerOf(connectorId: string): Eip1193Provider {
    const provider = connectors.find((c) => c.id === connectorId)?.provider as Eip1193Provider | undefined
    if (!provider) throw new ConnectorNotFoundError(connectorId)
    return provider
  }

  function networkOf(caipNetworkId: CaipNetworkId): EvmNetwork {
    const network = networks.find((n) => n.caipNetworkId === caipNetworkId)
    if (!network) throw new NetworkNotFoundError({ details: caipNetworkId })
    return network
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
      client = rt.createEvmPublicClient(networkOf(caipNetworkId), {
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

  /** Provider events → adapter events; malformed payloads are dropped with a warning. */
  function attach(connectorId: string, provider: Eip1193Provider, rt: EvmRuntime): void {
    if (active?.connectorId === connectorId && active.provider === provider) return
    active?.detach()
    const onAccounts = (value: unknown) => {
      let accounts: AccountRecord[]
      try {
        accounts = toAccountRecords(parseAccounts('accountsChanged', value, rt.getAddress))
      } catch (error) {
        logger().warn('Portico: dropped a malformed accountsChanged event', error)
        return
      }
      emit('accountsChanged', { accounts })
    }
    const onChain = (value: unknown) => {
      let chainId: number
      try {
        chainId = parseChainId('chainChanged', value)
      } catch (error) {
        logger().warn('Portico: dropped a malformed chainChanged event', error)
        return
      }
      emit('chainChanged', { caipNetworkId: toCaipNetworkId(chainId) })
    }
    const onDisconnect = (error: unknown) => {
      const reason =
        error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string'
          ? (error as { message: string }).message.slice(0, 200)
          : undefined
      detach()
      emit('disconnect', reason ? { reason } : {})
    }
    const detach = () => {
      provider.removeListener?.('accountsChanged', onAccounts)
      provider.removeListener?.('chainChanged', onChain)
      provider.removeListener?.('disconnect', onDisconnect)
      if (active?.provider === provider) active = undefined
    }
    provider.on?.('accountsChanged', onAccounts)
    provider.on?.('chainChanged', onChain)
    provider.on?.('disconnect', onDisconnect)
    active = { connectorId, provider, detach }
  }

  async function readChainId(provider: Eip1193Provider): Promise<number> {
    return parseChainId('eth_chainId', await walletRequest(provider, 'eth_chainId'))
  }

  async function switchChain(provider: Eip1193Provider, network: EvmNetwork): Promise<void> {
    const chainId = toHexQuantity(network.id)
    try {
      await walletRequest(provider, 'wallet_switchEthereumChain', [{ chainId }])
      return
    } catch (error) {
      if (!(error instanceof UnrecognizedChainError) && !findErrorCode(error, 4902)) throw error
    }
    // 4902: the wallet does not know the chain — add it from the network's config, then switch.
    await walletRequest(provider, 'wallet_addEthereumChain', [
      {
        chainId,
        chainName: network.name,
        nativeCurrency: network.nativeCurrency,
        rpcUrls: [...network.rpcUrls.default.http],
        ...(network.blockExplorers ? { blockExplorerUrls: [network.blockExplorers.default.url] } : {}),
        ...(network.assets?.imageUrl ? { iconUrls: [network.assets.imageUrl] } : {}),
      },
    ])
    await walletRequest(provider, 'wallet_switchEthereumChain', [{ chainId }])
  }

  function txParams(
    rt: EvmRuntime,
    request: TransactionRequest,
    from: string | undefined,
  ): Record<string, string> {
    return {
      ...(from ? { from } : {}),
      ...(request.to ? { to: request.to } : {}),
      ...(request.value !== undefined ? { value: rt.numberToHex(request.value) } : {}),
      ...(request.data ? { data: request.data } : {}),
    }
  }

  async function sendTx(connectorId: string, request: TransactionRequest): Promise<Hex> {
    const provider = providerOf(connectorId)
    const rt = await runtime()
    let from = request.from
    if (!from) {
      from = parseAccounts('eth_accounts', await walletRequest(provider, 'eth_accounts'), rt.getAddress)[0]
      if (!from) throw new InvalidWalletResponseError('eth_accounts', { details: 'no connected account' })
    }
    if (request.caipNetworkId) {
      const wanted = parseEvmChainId(request.caipNetworkId)
      if (wanted !== undefined && wanted !== (await readChainId(provider))) {
        await switchChain(provider, networkOf(request.caipNetworkId))
      }
    }
    const hash = await walletRequest(provider, 'eth_sendTransaction', [txParams(rt, request, from)])
    return parseTransactionHash('eth_sendTransaction', hash)
  }

  const adapter: EvmAdapter = {
    namespace: NAMESPACE,
    networks,

    setup(context) {
      ctx = context
      const target = options.window ?? (globalThis as { window?: Eip6963Target }).window
      if (context.isBrowser && options.discovery !== false && target && !discovery) {
        discovery = startEip6963Discovery(target, rebuildConnectors)
        discovery.request() // each announcement rebuilds the list
      }
      rebuildConnectors()
    },

    getConnectors: () => connectors,

    async connect({ connectorId, caipNetworkId }): Promise<ConnectResult> {
      const provider = providerOf(connectorId)
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
          await switchChain(provider, wantedNetwork)
          chainId = await readChainId(provider)
        } catch (error) {
          // Connected on the wallet's own chain; the core flags it if unsupported (SPEC §4).
          logger().warn('Portico: connected, but the wallet stayed on its chain', error)
        }
      }
      attach(connectorId, provider, rt)
      return { accounts: toAccountRecords(addresses), caipNetworkId: toCaipNetworkId(chainId) }
    },

    async disconnect({ connectorId }) {
      const provider = connectors.find((c) => c.id === connectorId)?.provider as Eip1193Provider | undefined
      // Detach first: a wallet answering the revoke with accountsChanged([]) must not disconnect twice.
      if (active?.connectorId === connectorId) active.detach()
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
        if (accounts.length > 0) attach(connectorId, provider, rt)
        return { accounts: toAccountRecords(accounts), caipNetworkId: toCaipNetworkId(chainId) }
      } catch (error) {
        logger().warn('Portico: could not read the wallet accounts', error)
        return { accounts: [] }
      }
    },

    async switchNetwork({ connectorId, caipNetworkId }) {
      await switchChain(providerOf(connectorId), networkOf(caipNetworkId))
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
      return (await adapter.getBalances({ address, caipNetworkId, ...(list ? { tokens: list } : {}) })).tokens
    },

    async signMessage({ connectorId, address, message }) {
      const provider = providerOf(connectorId)
      const rt = await runtime()
      const sig = await walletRequest(provider, 'personal_sign', [rt.stringToHex(message), address])
      return parseSignature('personal_sign', sig)
    },

    async signTypedData({ connectorId, address, typedData }) {
      const json = JSON.stringify(typedData, (_, v) => (typeof v === 'bigint' ? v.toString() : v))
      const sig = await walletRequest(providerOf(connectorId), 'eth_signTypedData_v4', [address, json])
      return parseSignature('eth_signTypedData_v4', sig)
    },

    sendTransaction: ({ connectorId, request }) => sendTx(connectorId, request),

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

    async estimateGas({ request }) {
      const client = await clientOf(request.caipNetworkId ?? defaultNetworkId())
      return await client.estimateGas({
        ...(request.from ? { account: request.from as Address } : {}),
        ...(request.to ? { to: request.to as Address } : {}),
        ...(request.value !== undefined ? { value: request.value } : {}),
        ...(request.data ? { data: request.data as Hex } : {}),
      })
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

    parseUnits: (value, decimals) => parseUnits(value, decimals),
    formatUnits: (value, decimals) => formatUnits(value, decimals),

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
      active?.detach()
      for (const set of Object.values(handlers)) set.clear()
      lifetime.abort()
      clients.clear()
    },
  }
  return adapter
}
