import {
  type AdapterEvents,
  AddressOrAuthConnectorNotFoundError,
  type CaipNetworkId,
  type Connector,
  MethodNotSupportedError,
  type Network,
  NetworkNotFoundError,
  type PorticoContext,
  PorticoError,
  type WalletStandardEntry,
  watchWalletStandard,
} from '@portico/core'
import type { Wallet } from '@wallet-standard/base'
import { isBitcoinAddress } from '../address/index.js'
import { EsploraClient } from '../esplora/index.js'
import { addressParams, bitcoinMainnet } from '../networks/index.js'
import { bitcoinSignInMessageOptions, formatBitcoinSignInMessage } from '../siwx/index.js'
import {
  type AnnouncedBtcProvider,
  BITCOIN_CHANNEL,
  type BitcoinWalletDriver,
  channelDriver,
  type InjectedBitcoinWallet,
  isBitcoinStandardWallet,
  readBtcProviders,
  readInjectedBitcoinWallets,
  toConnectors,
} from '../wallets/index.js'
import { connectDriver, restoreAccounts } from './connect.js'
import { waitForBitcoinTransaction } from './outcome.js'
import { btcBalance, readBitcoinBalance } from './reads.js'
import type { SendDeps } from './send.js'
import { createSessions } from './sessions.js'
import type { BitcoinAdapter, BitcoinAdapterOptions, BitcoinBalance } from './types.js'
import { WELL_KNOWN_WALLETS } from './well-known.js'

export type { BitcoinAdapter, BitcoinAdapterOptions, BitcoinBalance } from './types.js'

let runtimeLoad: Promise<typeof import('./runtime.js')> | undefined
/** The PSBT and message code (bitcoinjs-lib), imported once, on first use. */
function runtime(): Promise<typeof import('./runtime.js')> {
  runtimeLoad ??= import('./runtime.js').catch((e: unknown) => {
    runtimeLoad = undefined // a failed chunk load is retried on the next call
    throw e
  })
  return runtimeLoad
}

type Handlers = { [E in keyof AdapterEvents]: Set<(payload: AdapterEvents[E]) => void> }

class ConnectorNotFoundError extends PorticoError {
  override name = 'ConnectorNotFoundError'
  constructor(connectorId: string) {
    super('Connector not found', { code: 'CONNECTOR_NOT_FOUND', details: connectorId })
  }
}

/**
 * The Bitcoin (bip122) chain adapter, in the v2 contract shape. Wallets come
 * from the Wallet Standard (`bitcoin:connect`…) and from WBIP004
 * `window.btc_providers` (sats-connect method names), one connector per
 * wallet. Reads and broadcasts go through each network's Esplora API (its
 * `rpcUrls.default.http[0]`). Sends build a PSBT here (coin selection,
 * change, fee at a sat/vB rate), have the wallet sign it, check the signed
 * PSBT pays exactly what was built, then broadcast. The network is fixed at
 * connect: `switchNetwork` answers `reconnect-needed`.
 *
 * @example
 * const portico = createPortico({
 *   adapters: [bitcoinAdapter({ networks: [bitcoinRegtest({ esploraUrl: 'http://127.0.0.1:3002' })] })],
 * })
 */
export function bitcoinAdapter(options: BitcoinAdapterOptions = {}): BitcoinAdapter {
  const networks: readonly Network[] = options.networks ?? [bitcoinMainnet]
  for (const n of networks) addressParams(n.caipNetworkId) // unknown genesis → throws at construction, not at first use
  const handlers: Handlers = { accountsChanged: new Set(), chainChanged: new Set(), disconnect: new Set() }
  const clients = new Map<string, EsploraClient>()
  let ctx: PorticoContext | undefined
  let connectors: readonly Connector[] = []
  let drivers = new Map<string, { driver: BitcoinWalletDriver; source: unknown }>()
  let standardWallets: WalletStandardEntry<Wallet>[] = []
  let providers: AnnouncedBtcProvider[] = []
  let injected: InjectedBitcoinWallet[] = []
  const teardown: (() => void)[] = []

  const sessions = createSessions({
    emit: (event, payload) => emit(event, payload),
    warn: (message, error) => ctx?.logger.warn(message, error),
  })

  function emit<E extends keyof AdapterEvents>(event: E, payload: AdapterEvents[E]) {
    for (const h of handlers[event]) {
      try {
        h(payload)
      } catch (e) {
        ctx?.logger.error(`bitcoin adapter: ${event} handler threw`, e)
      }
    }
  }

  function refreshConnectors() {
    const built = toConnectors(standardWallets, providers, injected)
    connectors = built.connectors
    for (const id of sessions.ids()) {
      if (sessions.get(id)?.driver.family === 'walletconnect') continue
      if (built.drivers.get(id)?.source !== drivers.get(id)?.source) {
        sessions.end(id)
        emit('disconnect', { connectorId: id, reason: 'wallet unregistered' })
      }
    }
    drivers = built.drivers
    ctx?.setConnectors('bip122', connectors)
  }

  function findNetwork(caipNetworkId: CaipNetworkId): Network {
    const network = networks.find((n) => n.caipNetworkId === caipNetworkId)
    if (!network) throw new NetworkNotFoundError({ details: caipNetworkId })
    return network
  }

  function esplora(caipNetworkId: CaipNetworkId): EsploraClient {
    const url = findNetwork(caipNetworkId).rpcUrls.default.http[0]
    if (!url) throw new NetworkNotFoundError({ details: `${caipNetworkId} has no Esplora URL` })
    let client = clients.get(url)
    if (!client) {
      client = new EsploraClient(url, options.fetch)
      clients.set(url, client)
    }
    return client
  }

  function driverFor(connectorId: string): BitcoinWalletDriver {
    const entry = drivers.get(connectorId)
    if (!entry) throw new ConnectorNotFoundError(connectorId)
    return entry.driver
  }

  function activeNetworkId(): CaipNetworkId | undefined {
    let active: CaipNetworkId | undefined
    try {
      active = ctx?.getState().networks.active.bip122
    } catch {
      active = undefined
    }
    return active && networks.some((n) => n.caipNetworkId === active) ? active : networks[0]?.caipNetworkId
  }

  const sending: SendDeps = { sessions, esplora, feeTarget: options.feeTarget ?? 3 }

  const adapter: BitcoinAdapter = {
    namespace: 'bip122',
    networks,
    channel: BITCOIN_CHANNEL,
    wellKnownWallets: WELL_KNOWN_WALLETS,
    requestMethods: { safe: ['getAccountAddresses'], unsafe: ['signMessage', 'signPsbt', 'sendTransfer'] },

    async setup(context) {
      ctx = context
      if (options.discover ?? context.isBrowser) {
        providers = readBtcProviders(options.providersTarget)
        injected = readInjectedBitcoinWallets(options.providersTarget)
        const registry = options.getWallets
          ? options.getWallets()
          : (await import('@wallet-standard/app')).getWallets()
        const watch = watchWalletStandard<Wallet>({
          registry: registry as never, // @wallet-standard's listener typing is narrower than core's structural one
          accept: isBitcoinStandardWallet,
          onChange: (entries) => {
            standardWallets = entries
            // btc_providers has no announcement event: re-read it whenever the page's wallets change.
            providers = readBtcProviders(options.providersTarget)
            injected = readInjectedBitcoinWallets(options.providersTarget)
            refreshConnectors()
          },
          onConflict: (kept) =>
            context.logger.warn(
              `bitcoin adapter: ignored a second wallet named like ${kept.wallet.name} (kept the first one)`,
            ),
        })
        teardown.push(watch.stop)
      }
      refreshConnectors()
    },

    getConnectors: () => connectors,

    async connect({ connectorId, caipNetworkId, channel, options: connectOptions }) {
      const wanted = caipNetworkId ?? activeNetworkId()
      if (!wanted) throw new NetworkNotFoundError()
      const network = findNetwork(wanted)
      // A plugin connector (WalletConnect) owns the session: drive the wallet over its request channel.
      const driver = channel ? channelDriver(channel, network.caipNetworkId) : driverFor(connectorId)
      const connected = await connectDriver({
        sessions,
        connectorId,
        driver,
        caipNetworkId: network.caipNetworkId,
        purposes: connectOptions?.purposes,
        connector: connectors.find((c) => c.id === connectorId),
      })
      // Connected: fetch the PSBT and message code now, so the first send or signature does not wait for it.
      runtime().catch((e: unknown) => ctx?.logger.warn('bitcoin adapter: could not preload the PSBT code', e))
      return connected
    },

    async disconnect({ connectorId }) {
      const session = sessions.get(connectorId)
      sessions.end(connectorId)
      try {
        await session?.driver.disconnect()
      } catch (e) {
        ctx?.logger.warn('bitcoin adapter: wallet disconnect failed', e)
      }
    },

    getAccounts: ({ connectorId }) =>
      restoreAccounts(
        { sessions, driverFor, activeNetworkId, warn: (message, e) => ctx?.logger.warn(message, e) },
        connectorId,
      ),

    async switchNetwork({ connectorId, caipNetworkId }) {
      findNetwork(caipNetworkId)
      const session = sessions.get(connectorId)
      if (session && session.caipNetworkId === caipNetworkId) return { status: 'switched' }
      // A Bitcoin wallet's addresses belong to one network, chosen at connect.
      return { status: 'reconnect-needed' }
    },

    async getBalance({ address, caipNetworkId }): Promise<BitcoinBalance> {
      return readBitcoinBalance(esplora, findNetwork(caipNetworkId), address)
    },

    formatSignInMessage: formatBitcoinSignInMessage,
    signInMessageOptions: bitcoinSignInMessageOptions,

    signMessage: async (params) => (await runtime()).signBitcoinMessage(sessions, params),

    sendTransaction: async (params) => (await runtime()).sendPayment(sending, params),

    async signTransaction({ connectorId, address, request }) {
      const session = sessions.require(connectorId)
      sessions.account(session, address)
      const { signDappPsbt } = await runtime()
      return await signDappPsbt(
        session,
        (a) => sessions.account(session, a),
        request,
        () => esplora(session.caipNetworkId),
      )
    },

    isValidAddress: ({ address, caipNetworkId }) => isBitcoinAddress(address, addressParams(caipNetworkId)),

    /** Payments in BTC (no tokens on bip122): the payment PSBT is built when it is sent or priced. */
    transferRequest({ to, token, amount, nft }) {
      if (nft) throw new MethodNotSupportedError({ method: 'transferRequest (NFTs)' })
      if (token !== undefined) throw new MethodNotSupportedError({ method: 'transferRequest (tokens)' })
      return { to, value: amount }
    },

    /**
     * The fee the request would pay from `address` (its UTXOs, the request's
     * or the estimated rate), as a Balance in BTC. An amount the UTXOs cannot
     * cover with its fee is priced as spending all of them (a sweep), so core
     * can say the amount and fee exceed the balance, and Max can take it off.
     */
    async estimateFee({ address, caipNetworkId, request }) {
      if (!address)
        throw new AddressOrAuthConnectorNotFoundError({ details: 'the paying address is required' })
      const network = findNetwork(caipNetworkId)
      const { estimatePaymentFee } = await runtime()
      return btcBalance(await estimatePaymentFee(sending, address, caipNetworkId, request), network)
    },

    /** The dust limit of the sender's address type (`kind: 'dust-limit'`); nothing for tokens (bip122 has none). */
    async getReserve({ address, caipNetworkId, token }) {
      const network = findNetwork(caipNetworkId)
      if (token !== undefined) return undefined
      return (await runtime()).dustReserve(address, network)
    },

    /**
     * "In the mempool" (`onUpdate`: pending, stage `mempool`), then each
     * confirmation; `succeeded` at `options.confirmations` (default 1),
     * `dropped` (with `replacedBy` when another transaction spent its inputs)
     * when it leaves the mempool unconfirmed; `pending` at the time-out.
     */
    async waitForTransaction({ hash, caipNetworkId, timeoutMs, signal, onUpdate }) {
      return waitForBitcoinTransaction({
        api: esplora(caipNetworkId),
        network: findNetwork(caipNetworkId),
        hash,
        ...(options.confirmations !== undefined ? { confirmations: options.confirmations } : {}),
        ...(timeoutMs !== undefined ? { timeoutMs } : {}),
        ...(signal ? { signal } : {}),
        ...(onUpdate ? { onUpdate } : {}),
      })
    },

    on(event, handler) {
      handlers[event].add(handler)
      return () => {
        handlers[event].delete(handler)
      }
    },

    destroy() {
      for (const off of teardown.splice(0)) off()
      for (const id of sessions.ids()) sessions.end(id)
      for (const set of Object.values(handlers)) set.clear()
    },
  }
  return adapter
}
