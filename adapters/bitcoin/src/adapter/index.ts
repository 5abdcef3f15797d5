import {
  type AccountRecord,
  type AdapterEvents,
  AddressOrAuthConnectorNotFoundError,
  type Balance,
  type CaipNetworkId,
  type ChainAdapter,
  type Connector,
  formatBalance,
  formatUnits,
  MethodNotSupportedError,
  type Network,
  NetworkNotFoundError,
  type PorticoContext,
  PorticoError,
  TokenBalanceUnavailableError,
  type WalletStandardEntry,
  watchWalletStandard,
} from '@portico/core'
import type { Wallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { isBitcoinAddress, parseBitcoinAddress } from '../address/index.js'
import type { BitcoinPurpose, BitcoinTransactionRequest } from '../contract/index.js'
import { InvalidWalletResponseError, toBitcoinPorticoError } from '../errors/index.js'
import { EsploraClient } from '../esplora/index.js'
import { verifyBitcoinMessage } from '../message/index.js'
import { addressParams, bitcoinMainnet, toStandardChain } from '../networks/index.js'
import { assertSamePayment, decodePsbt, finalizeAndExtract } from '../psbt/index.js'
import { bitcoinSignInMessageOptions, formatBitcoinSignInMessage } from '../siwx/index.js'
import {
  type AnnouncedBtcProvider,
  BITCOIN_CHANNEL,
  type BitcoinWalletDriver,
  channelDriver,
  isBitcoinStandardWallet,
  readBtcProviders,
  toConnectors,
} from '../wallets/index.js'
import { toAccountRecords } from './accounts.js'
import { buildPaymentFor } from './payment.js'
import { createSessions } from './sessions.js'
import { signDappPsbt } from './sign-psbt.js'

export interface BitcoinAdapterOptions {
  /** Networks offered; default mainnet (through the hosted mempool.space API: set your own Esplora URL in production). */
  networks?: Network[]
  /** Confirmation target (blocks) whose `/fee-estimates` rate sends use when the request names none; default 3. */
  feeTarget?: number
  /** Discover wallets (Wallet Standard and `window.btc_providers`). Defaults to `ctx.isBrowser`. */
  discover?: boolean
  /** The Wallet Standard registry; defaults to `getWallets()` of `@wallet-standard/app`, loaded lazily. */
  getWallets?: () => Wallets
  /** Where `btc_providers` is read; default `window`. */
  providersTarget?: object
  /** Custom fetch for the Esplora API (tests, proxies). */
  fetch?: typeof fetch
}

/** A Bitcoin balance: the total of the address's UTXOs, with the confirmed and unconfirmed parts apart. */
export interface BitcoinBalance extends Balance {
  confirmed: bigint
  unconfirmed: bigint
}

/** The adapter `bitcoinAdapter` returns: core's `ChainAdapter<'bip122'>` whose balances also tell confirmed from unconfirmed. */
export interface BitcoinAdapter extends ChainAdapter<'bip122'> {
  getBalance(params: { address: string; caipNetworkId: CaipNetworkId }): Promise<BitcoinBalance>
}

type Handlers = { [E in keyof AdapterEvents]: Set<(payload: AdapterEvents[E]) => void> }

class ConnectorNotFoundError extends PorticoError {
  override name = 'ConnectorNotFoundError'
  constructor(connectorId: string) {
    super('Connector not found', { code: 'CONNECTOR_NOT_FOUND', details: connectorId })
  }
}

const DEFAULT_PURPOSES: BitcoinPurpose[] = ['payment', 'ordinals']

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
    const built = toConnectors(standardWallets, providers)
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

  async function build(
    from: AccountRecord,
    caipNetworkId: CaipNetworkId,
    request: BitcoinTransactionRequest,
  ) {
    const api = esplora(caipNetworkId)
    const { built } = await buildPaymentFor({
      api,
      from,
      caipNetworkId,
      request,
      feeTarget: options.feeTarget ?? 3,
    })
    return { built, api }
  }

  const btcBalance = (value: bigint, network: Network) => ({
    value,
    decimals: network.nativeCurrency.decimals,
    symbol: network.nativeCurrency.symbol,
    formatted: formatBalance(formatUnits(value, network.nativeCurrency.decimals)),
  })

  const adapter: BitcoinAdapter = {
    namespace: 'bip122',
    networks,
    channel: BITCOIN_CHANNEL,
    requestMethods: { safe: ['getAccountAddresses'], unsafe: ['signMessage', 'signPsbt', 'sendTransfer'] },

    async setup(context) {
      ctx = context
      if (options.discover ?? context.isBrowser) {
        providers = readBtcProviders(options.providersTarget)
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
      const purposes = connectOptions?.purposes?.length ? connectOptions.purposes : DEFAULT_PURPOSES
      let raw: Awaited<ReturnType<BitcoinWalletDriver['connect']>>
      try {
        raw = await driver.connect(purposes, toStandardChain(network.caipNetworkId))
      } catch (e) {
        throw toBitcoinPorticoError(e)
      }
      const accounts = toAccountRecords(raw, network.caipNetworkId, addressParams(network.caipNetworkId))
      if (accounts.length === 0)
        throw new AddressOrAuthConnectorNotFoundError({ details: 'the wallet granted no Bitcoin account' })
      const session = sessions.open(connectorId, driver, accounts, network.caipNetworkId)
      const connector = connectors.find((c) => c.id === connectorId)
      return {
        accounts: session.accounts,
        caipNetworkId: session.caipNetworkId,
        ...(connector
          ? { wallet: { name: connector.name, ...(connector.imageUrl ? { icon: connector.imageUrl } : {}) } }
          : {}),
      }
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

    async getAccounts({ connectorId }) {
      const existing = sessions.get(connectorId)
      if (existing) return { accounts: existing.accounts, caipNetworkId: existing.caipNetworkId }
      try {
        // Restoring (SPEC §4): only accounts the wallet already granted, never a prompt.
        const driver = driverFor(connectorId)
        const granted = driver.grantedAccounts()
        const network = activeNetworkId()
        if (!granted?.length || !network) return { accounts: [] }
        const accounts = toAccountRecords(granted, network, addressParams(network))
        const session = sessions.open(connectorId, driver, accounts, network)
        return { accounts: session.accounts, caipNetworkId: network }
      } catch (e) {
        ctx?.logger.warn('bitcoin adapter: could not read the wallet accounts', e)
        return { accounts: [] }
      }
    },

    async switchNetwork({ connectorId, caipNetworkId }) {
      findNetwork(caipNetworkId)
      const session = sessions.get(connectorId)
      if (session && session.caipNetworkId === caipNetworkId) return { status: 'switched' }
      // A Bitcoin wallet's addresses belong to one network, chosen at connect.
      return { status: 'reconnect-needed' }
    },

    async getBalance({ address, caipNetworkId }): Promise<BitcoinBalance> {
      const network = findNetwork(caipNetworkId)
      const { address: valid } = parseBitcoinAddress(address, addressParams(caipNetworkId))
      let utxos: Awaited<ReturnType<EsploraClient['utxos']>>
      try {
        utxos = await esplora(caipNetworkId).utxos(valid)
      } catch (e) {
        throw new TokenBalanceUnavailableError({ cause: e })
      }
      const confirmed = utxos.filter((u) => u.confirmed).reduce((s, u) => s + u.value, 0n)
      const unconfirmed = utxos.filter((u) => !u.confirmed).reduce((s, u) => s + u.value, 0n)
      return { ...btcBalance(confirmed + unconfirmed, network), confirmed, unconfirmed }
    },

    formatSignInMessage: formatBitcoinSignInMessage,
    signInMessageOptions: bitcoinSignInMessageOptions,

    async signMessage({ connectorId, address, message, options: signOptions }) {
      const session = sessions.require(connectorId)
      const account = sessions.account(session, address)
      const protocol = signOptions?.protocol ?? (account.addressType === 'p2tr' ? 'bip322' : 'ecdsa')
      if (protocol === 'ecdsa' && account.addressType === 'p2tr')
        throw new MethodNotSupportedError({
          method: 'ecdsa message signing for p2tr',
          details: 'use protocol bip322',
        })
      const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : message
      let signed: Awaited<ReturnType<BitcoinWalletDriver['signMessage']>>
      try {
        signed = await session.driver.signMessage(account.address, bytes, protocol)
      } catch (e) {
        throw toBitcoinPorticoError(e)
      }
      const verified = verifyBitcoinMessage({
        message: signed.signedMessage ?? bytes,
        address: account.address,
        signature: signed.signature,
        protocol,
        params: addressParams(session.caipNetworkId),
      })
      if (!verified)
        throw new InvalidWalletResponseError(
          `the ${protocol} signature does not verify for ${account.address}`,
        )
      return {
        signature: signed.signature,
        ...(account.publicKey ? { publicKey: account.publicKey } : {}),
        ...(signed.signedMessage ? { signedMessage: signed.signedMessage } : {}),
      }
    },

    async sendTransaction({ connectorId, address, caipNetworkId, request }) {
      const session = sessions.require(connectorId)
      if (caipNetworkId && caipNetworkId !== session.caipNetworkId)
        throw new NetworkNotFoundError({
          details: `connected on ${session.caipNetworkId}, not ${caipNetworkId}`,
        })
      const from = sessions.account(session, address, 'payment')
      const { built, api } = await build(from, session.caipNetworkId, request)
      let signedBytes: Uint8Array
      try {
        signedBytes = await session.driver.signPsbt(
          built.psbt.toBuffer(),
          [{ address: from.address, index: built.inputIndexes }],
          toStandardChain(session.caipNetworkId),
        )
      } catch (e) {
        throw toBitcoinPorticoError(e)
      }
      const signed = decodePsbt(signedBytes)
      assertSamePayment(built.psbt, signed)
      const tx = finalizeAndExtract(signed)
      return await api.broadcast(tx.toHex(), tx.getId())
    },

    async signTransaction({ connectorId, address, request }) {
      const session = sessions.require(connectorId)
      sessions.account(session, address)
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

    /** The fee the request would pay from `address` (its UTXOs, the request's or the estimated rate), as a Balance in BTC. */
    async estimateFee({ address, caipNetworkId, request }) {
      if (!address)
        throw new AddressOrAuthConnectorNotFoundError({ details: 'the paying address is required' })
      const network = findNetwork(caipNetworkId)
      const { built } = await build(
        { namespace: 'bip122', address, caipAddress: `${caipNetworkId}:${address}`, type: 'eoa' },
        caipNetworkId,
        request,
      )
      return btcBalance(built.fee, network)
    },

    /** Resolves once the Esplora API knows the transaction (in the mempool or mined): unconfirmed amounts show apart. */
    async waitForTransaction({ hash, caipNetworkId }) {
      const api = esplora(caipNetworkId)
      for (let i = 0; i < 60; i++) {
        try {
          return { confirmed: await api.txConfirmed(hash) }
        } catch (e) {
          if (i === 59) throw e
          await new Promise((r) => setTimeout(r, 1000))
        }
      }
      return undefined
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
