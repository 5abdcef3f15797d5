import {
  type AccountRecord,
  type AdapterEvents,
  type CaipNetworkId,
  type Connector,
  type Logger,
  NetworkNotFoundError,
  type PorticoContext,
  type TransactionOutcome,
} from '@portico/core'
import { readBalances, readNativeBalance, readTokenHoldings } from './adapter-balances.js'
import { createEvmClients } from './adapter-clients.js'
import { signPersonalMessage, signTypedDataV4 } from './adapter-signing.js'
import {
  estimateFee,
  estimateGas,
  sendTx,
  type TransactionDeps,
  writeContract,
} from './adapter-transactions.js'
import {
  connectSession,
  connectWallet,
  disconnectWallet,
  readWalletAccounts,
  switchWalletNetwork,
  type WalletDeps,
} from './adapter-wallet.js'
import {
  AtomicBatchUnsupportedError,
  markContractWallets,
  statusOfOutcome,
  walletCallsStatus,
  walletCapabilities,
  walletSendCalls,
  walletShowCallsStatus,
} from './calls/index.js'
import { type Connections, createConnections } from './connections/index.js'
import { buildConnectors } from './connectors/index.js'
import { EVM_CHANNEL, EVM_REQUEST_METHODS } from './contract/index.js'
import { type Eip6963Discovery, startEip6963Discovery } from './discovery/index.js'
import { createFeeQuotes } from './fees/index.js'
import { type EvmNetwork, isEvmNetwork, toCaipNetworkId } from './networks/index.js'
import { EVM_OUTCOME_TIMEOUT_MS, waitForEvmOutcome } from './outcome/index.js'
import {
  ConnectorNotFoundError,
  type Eip1193Provider,
  type Eip6963Target,
  EvmClientNotLoadedError,
  namingWallet,
} from './provider/index.js'
import { formatEvmSignInMessage } from './siwx/index.js'
import { createSmartAccounts, relayOwnerEvents } from './smart-account/index.js'
import { evmTransferRequest, isValidEvmAddress } from './transfer/index.js'
import type { EvmAdapter, EvmAdapterOptions } from './types.js'
import { WELL_KNOWN_WALLETS } from './wallets-well-known.js'

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
  let ctx: PorticoContext | undefined
  let discovery: Eip6963Discovery | undefined
  let connectors: Connector[] = buildConnectors(options.connectors ?? [], undefined)

  const logger = (): Pick<Logger, 'warn'> => ctx?.logger ?? console
  const clients = createEvmClients({
    networks,
    transport: options.transport,
    rpcOptions: () => ctx?.options ?? {},
  })

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
    // An owner's account or chain change reports the new owner's smart account (issue 30).
    emit: relayOwnerEvents({
      emit,
      smart: () => smart,
      networkOf: (connectorId) => {
        const held = connections.get(connectorId)
        return held ? toCaipNetworkId(held.chainId) : undefined
      },
      logger,
    }),
    logger,
    checksum: (address) => {
      const loaded = clients.loaded()
      if (!loaded) throw new EvmClientNotLoadedError('eip155')
      return loaded.getAddress(address)
    },
  })

  function rebuildConnectors(): void {
    connectors = buildConnectors(options.connectors ?? [], discovery)
    ctx?.setConnectors(NAMESPACE, connectors)
  }

  const connectorProvider = (connectorId: string) =>
    connectors.find((c) => c.id === connectorId)?.provider as Eip1193Provider | undefined

  /** The wallet behind a connector id: a plugin's channel when one is held under it, else the connector's provider. */
  function providerOf(connectorId: string): Eip1193Provider {
    const channel = connections.get(connectorId)?.channel
    if (channel) return channel
    const provider = connectorProvider(connectorId)
    if (!provider) throw new ConnectorNotFoundError(connectorId)
    return provider
  }

  /**
   * Runs a wallet request for a connector; a malformed answer
   * (`InvalidWalletResponseError`) leaves naming the wallet that gave it.
   */
  async function named<T>(connectorId: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      throw namingWallet(error, connectors.find((c) => c.id === connectorId)?.name)
    }
  }

  function defaultNetworkId(): CaipNetworkId {
    const fromState = ctx?.getState().networks.active[NAMESPACE]
    if (fromState && networks.some((n) => n.caipNetworkId === fromState)) return fromState
    return (networks[0] as EvmNetwork).caipNetworkId
  }

  const smart = options.smartAccount
    ? createSmartAccounts({
        options: options.smartAccount,
        clients,
        connections,
        providerOf,
        rpcOptions: () => ctx?.options ?? {},
        siteName: () => ctx?.options.metadata?.name,
        emitAccounts: (connectorId, accounts) => emit('accountsChanged', { connectorId, accounts }),
      })
    : undefined

  /**
   * The wallet's records as shown: a smart-contract wallet's account marked
   * `smartAccount` from its capabilities and code; an EOA owner gets the
   * smart account the adapter makes beside it.
   */
  async function shown(
    connectorId: string,
    accounts: AccountRecord[],
    caipNetworkId: CaipNetworkId | undefined,
  ) {
    const marked = await markContractWallets({
      accounts,
      caipNetworkId,
      provider: providerOf(connectorId),
      client: (id) => clients.clientOf(id),
      logger: logger(),
    })
    if (!smart || marked[0]?.type !== 'eoa') return marked
    return await smart.withSmartAccount(connectorId, marked, caipNetworkId)
  }

  /** A request from a smart account the adapter made: the account, on the request's network. */
  function smartEntry(address: string | undefined, caipNetworkId: CaipNetworkId | undefined) {
    return smart?.entryOf(address, caipNetworkId ?? defaultNetworkId())
  }

  const wallet: WalletDeps = { networks, connections, clients, logger, providerOf, connectorProvider }
  const txs: TransactionDeps = { clients, providerOf, defaultNetworkId, quotes: createFeeQuotes() }

  const adapter: EvmAdapter = {
    namespace: NAMESPACE,
    networks,
    channel: EVM_CHANNEL,
    wellKnownWallets: WELL_KNOWN_WALLETS,
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

    async connect({ connectorId, caipNetworkId, channel }) {
      const result = channel
        ? await connectSession(wallet, connectorId, channel, caipNetworkId)
        : await named(connectorId, () =>
            connectWallet(wallet, connectorId, providerOf(connectorId), caipNetworkId),
          )
      return { ...result, accounts: await shown(connectorId, result.accounts, result.caipNetworkId) }
    },

    disconnect: ({ connectorId }) => disconnectWallet(wallet, connectorId),

    async getAccounts({ connectorId }) {
      const read = await readWalletAccounts(wallet, connectorId)
      if (read.accounts.length === 0) return read
      return { ...read, accounts: await shown(connectorId, read.accounts, read.caipNetworkId) }
    },

    async switchNetwork({ connectorId, caipNetworkId }) {
      const result = await named(connectorId, () => switchWalletNetwork(wallet, connectorId, caipNetworkId))
      if (result.status !== 'switched' || !result.accounts) return result
      return { ...result, accounts: await shown(connectorId, result.accounts, caipNetworkId) }
    },

    getBalance: (params) => readNativeBalance(clients, params),

    getBalances: (params) => readBalances(clients, options.tokens, params),

    getTokenBalances: (params) => readTokenHoldings(options.tokens, (p) => adapter.getBalances(p), params),

    signMessage: (params) =>
      named(params.connectorId, () => signPersonalMessage({ clients, providerOf }, params)),

    formatSignInMessage: formatEvmSignInMessage,

    // Loaded on first use: viem's hashing stays out of the first bundle.
    async sessionRevokeTypedData(fields) {
      const { sessionRevokeTypedData } = await import('./sessions/index.js')
      return sessionRevokeTypedData(fields)
    },

    signTypedData: (params) => named(params.connectorId, () => signTypedDataV4({ providerOf }, params)),

    sendTransaction: ({ connectorId, request, address, caipNetworkId }) => {
      const entry = smartEntry(address ?? request.from, caipNetworkId ?? request.caipNetworkId)
      if (smart && entry) return smart.send(entry, request)
      return named(connectorId, () =>
        sendTx(txs, connectorId, request, {
          ...(address ? { address } : {}),
          ...(caipNetworkId ? { caipNetworkId } : {}),
        }),
      )
    },

    writeContract: (params) => named(params.connectorId, () => writeContract(txs, params)),

    estimateGas: (params) => estimateGas(txs, params),

    isValidAddress: ({ address }) =>
      isValidEvmAddress(address, async () => (await clients.runtime()).getAddress),

    transferRequest: (params) => evmTransferRequest(params),

    async estimateFee(params) {
      const entry = smartEntry(params.address ?? params.request.from, params.caipNetworkId)
      if (smart && entry) return (await smart.price(entry, params.request)).fee
      return estimateFee(txs, (p) => adapter.estimateGas(p), params)
    },

    async getCallsCapabilities({ connectorId, address, caipNetworkId }) {
      const network = caipNetworkId ?? defaultNetworkId()
      if (smart && smartEntry(address, network))
        return { atomic: 'supported', paymasterService: smart.sponsors() }
      return await named(connectorId, () => walletCapabilities(providerOf(connectorId), address, network))
    },

    async sendCalls({ connectorId, address, caipNetworkId, calls, atomicRequired = true, sponsored }) {
      const network = caipNetworkId ?? defaultNetworkId()
      const entry = smartEntry(address, network)
      if (smart && entry) return { id: await smart.sendBatch(entry, [...calls], sponsored) }
      const provider = providerOf(connectorId)
      return await named(connectorId, async () => {
        if (atomicRequired && (await walletCapabilities(provider, address, network)).atomic === 'unsupported')
          throw new AtomicBatchUnsupportedError(`wallet_getCapabilities on ${network}`)
        return {
          id: await walletSendCalls(provider, {
            from: address,
            caipNetworkId: network,
            calls,
            atomicRequired,
          }),
        }
      })
    },

    async getCallsStatus({ connectorId, id, timeoutMs }) {
      if (smart?.isUserOperation(id)) {
        const outcome = await smart.follow({ hash: id, timeoutMs: timeoutMs ?? 1_000 })
        return { id, status: statusOfOutcome(outcome), atomic: true, outcome }
      }
      const told = await named(connectorId, () => walletCallsStatus(providerOf(connectorId), id))
      const { transactionHashes, chainId, ...status } = told
      if (status.status === 100 || transactionHashes.length === 0) return status
      // The chain's word, not the wallet's: each carrying transaction's receipt is read.
      const caipNetworkId = chainId !== undefined ? (`eip155:${chainId}` as const) : defaultNetworkId()
      const outcomes = await Promise.all(
        transactionHashes.map((hash) =>
          waitForEvmOutcome(clients, { hash, caipNetworkId, timeoutMs: timeoutMs ?? EVM_OUTCOME_TIMEOUT_MS }),
        ),
      )
      const bad = outcomes.find((o) => o.status !== 'succeeded')
      const outcome = bad ?? (outcomes.at(-1) as TransactionOutcome)
      const ok = outcomes.filter((o) => o.status === 'succeeded').length
      const chainStatus = !bad ? 200 : bad.status === 'pending' ? 100 : ok > 0 ? 600 : statusOfOutcome(bad)
      return { ...status, status: chainStatus, outcome }
    },

    async showCallsStatus({ connectorId, id }) {
      await named(connectorId, () => walletShowCallsStatus(providerOf(connectorId), id))
    },

    async priceUserOperation(params) {
      const entry = smartEntry(params.address, params.caipNetworkId)
      if (!smart || !entry) return undefined
      return await smart.price(entry, params.request)
    },

    async getGasPrice({ caipNetworkId }) {
      return await (await clients.clientOf(caipNetworkId)).getGasPrice()
    },

    waitForTransaction(params) {
      if (smart?.isUserOperation(params.hash))
        return smart.follow({ hash: params.hash, timeoutMs: params.timeoutMs ?? EVM_OUTCOME_TIMEOUT_MS })
      return waitForEvmOutcome(clients, params)
    },

    getPublicClient(caipNetworkId) {
      clients.networkOf(caipNetworkId)
      const loaded = clients.loaded()
      if (!loaded) throw new EvmClientNotLoadedError(caipNetworkId)
      return clients.clientWith(loaded, caipNetworkId)
    },

    loadPublicClient: (caipNetworkId) => clients.clientOf(caipNetworkId),

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
      clients.close()
    },
  }
  return adapter
}
