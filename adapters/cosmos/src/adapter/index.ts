import {
  type AccountRecord,
  type AdapterEvents,
  type ChainAdapter,
  type Connector,
  type ConnectResult,
  MethodNotSupportedError,
  type PorticoContext,
  PorticoError,
} from '@portico/core'
import { isCosmosAddress } from '../address/index.js'
import { getAllCosmosBalances, getFeeCoinBalance } from '../balances/index.js'
import { CosmosClients } from '../client/index.js'
import { COSMOS_CHANNEL, COSMOS_REQUEST_METHODS } from '../contract/index.js'
import { namingWallet } from '../errors/index.js'
import type { Keplr } from '../keplr/index.js'
import type { CosmosNetwork } from '../networks/index.js'
import { DEFAULT_GAS_MULTIPLIER } from '../send/options.js'
import { formatCosmosSignInMessage } from '../siwx/index.js'
import { type ConfiguredCosmosWallet, discoverCosmosWallets } from '../wallets/index.js'
import { createConnections } from './connections.js'
import type { FeeDeps } from './fees.js'
import { enableChains, findNetwork, readKey } from './session.js'
import type { CosmosAdapterOptions } from './types.js'
import { WELL_KNOWN_WALLETS } from './well-known.js'

let runtimeLoad: Promise<typeof import('./runtime.js')> | undefined

/** The adapter's runtime (fees, signing, sending, outcomes): an `import()` on first use, retried after a failed load. */
function runtime(): Promise<typeof import('./runtime.js')> {
  runtimeLoad ??= import('./runtime.js').catch((e: unknown) => {
    runtimeLoad = undefined
    throw e
  })
  return runtimeLoad
}

type Handlers = { [E in keyof AdapterEvents]: Set<(payload: AdapterEvents[E]) => void> }

/**
 * The Cosmos chain adapter: Keplr-API wallets (`window.keplr`, `window.leap`,
 * Cosmostation, or wallets handed in), bank balances of every denom, ADR-036
 * message signing and MsgSend transfers through CosmJS's
 * `SigningStargateClient` with the wallet's offline signer (direct, or amino
 * for Ledger keys), fee estimates by simulation. CosmJS is imported on first
 * use. Addresses change with the chain's bech32 prefix, so switching chains
 * re-reads the account and announces it with `chainChanged`.
 *
 * @example
 * const portico = createPortico({
 *   adapters: [cosmosAdapter({ networks: [cosmosHub, osmosis] })],
 * })
 */
export function cosmosAdapter(options: CosmosAdapterOptions): ChainAdapter<'cosmos'> {
  const networks = options.networks
  if (!Array.isArray(networks) || networks.length === 0)
    throw new Error('cosmosAdapter: at least one network is needed')
  const gasMultiplier = options.gasMultiplier ?? DEFAULT_GAS_MULTIPLIER
  if (!(gasMultiplier >= 1 && gasMultiplier <= 10))
    throw new Error('cosmosAdapter: gasMultiplier must be from 1 to 10')
  const signMode = options.signMode ?? 'auto'
  const handlers: Handlers = { accountsChanged: new Set(), chainChanged: new Set(), disconnect: new Set() }
  const clients = new CosmosClients()
  const teardown: (() => void)[] = []
  let ctx: PorticoContext | undefined
  let root: object | undefined
  let connectors: Connector[] = []
  let providers = new Map<string, Keplr>()
  const configured = new Map<string, ConfiguredCosmosWallet>()
  for (const w of options.wallets ?? []) configured.set(`keplr:${w.id}`, w)

  function emit<E extends keyof AdapterEvents>(event: E, payload: AdapterEvents[E]) {
    for (const h of handlers[event]) {
      try {
        h(payload)
      } catch (e) {
        ctx?.logger.error(`cosmos adapter: ${event} handler threw`, e)
      }
    }
  }

  function refresh() {
    const found = discoverCosmosWallets({ root, sources: options.sources, configured: options.wallets })
    connectors = found.connectors
    // The provider of an active connection is never swapped for another object.
    for (const [id, session] of sessions.all()) found.providers.set(id, session.keplr)
    providers = found.providers
    ctx?.setConnectors('cosmos', connectors)
  }

  function activeNetwork(): CosmosNetwork {
    let active: string | undefined
    try {
      active = ctx?.getState().networks.active.cosmos
    } catch {
      active = undefined
    }
    return networks.find((n) => n.caipNetworkId === active) ?? networks[0]!
  }

  /**
   * Runs a wallet call for `connectorId`: a malformed answer's
   * InvalidWalletResponseError gets the wallet's name (what the visitor sees).
   */
  async function asWallet<T>(connectorId: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (e) {
      throw namingWallet(e, connectors.find((c) => c.id === connectorId)?.name)
    }
  }

  const sessions = createConnections({
    networks,
    emit,
    root: () => root,
    provider: (connectorId) => providers.get(connectorId),
    isConfigured: (connectorId) => configured.has(connectorId),
    logger: () => ctx?.logger,
  })
  const feeDeps: FeeDeps = {
    clients,
    gasMultiplier,
    sessions: () => [...sessions.all()].map(([, session]) => session),
  }

  const adapter: ChainAdapter<'cosmos'> = {
    namespace: 'cosmos',
    networks,
    channel: COSMOS_CHANNEL,
    wellKnownWallets: WELL_KNOWN_WALLETS,
    requestMethods: COSMOS_REQUEST_METHODS,
    // Exchanges' shared deposit addresses sort deposits by memo: Receive says this address needs none.
    memoConvention: true,

    setup(context) {
      ctx = context
      if (options.discover ?? context.isBrowser) {
        root = options.window ?? (globalThis as { window?: object }).window
        // Fetched in the background so a first signature or send does not wait for the chunk.
        runtime().catch((e: unknown) =>
          context.logger.warn('cosmos adapter: could not preload its runtime', e),
        )
        // Some wallets inject after the page scripts: look again when the page has loaded.
        const target = root as Partial<EventTarget> | undefined
        if (target?.addEventListener) {
          for (const event of ['load', 'keplr#initialized']) {
            target.addEventListener(event, refresh)
            teardown.push(() => target.removeEventListener?.(event, refresh))
          }
        }
      } else {
        root = options.window
      }
      refresh()
    },

    getConnectors: () => connectors,

    async connect({ connectorId, caipNetworkId, channel, options: connectOptions }): Promise<ConnectResult> {
      const network = caipNetworkId ? findNetwork(networks, caipNetworkId) : activeNetwork()
      const extra = (connectOptions?.chainIds ?? []).map((id) => findNetwork(networks, id))
      const enable = [network, ...extra.filter((n) => n !== network)]
      const session = await asWallet(connectorId, () => sessions.open(connectorId, network, enable, channel))
      const connector = connectors.find((c) => c.id === connectorId)
      return {
        accounts: [session.key.record],
        caipNetworkId: network.caipNetworkId,
        ...(connector
          ? { wallet: { name: connector.name, ...(connector.imageUrl ? { icon: connector.imageUrl } : {}) } }
          : {}),
      }
    },

    async disconnect({ connectorId }) {
      const session = sessions.get(connectorId)
      sessions.end(connectorId)
      try {
        await session?.keplr.disable?.(session.network.cosmos.chainId)
      } catch (e) {
        ctx?.logger.warn('cosmos adapter: wallet disable failed', e)
      }
    },

    async getAccounts({ connectorId }) {
      const session = sessions.get(connectorId)
      if (session) return { accounts: [session.key.record], caipNetworkId: session.network.caipNetworkId }
      try {
        // Restoring a connection: Keplr answers enable without a prompt for a site it already allowed.
        const network = activeNetwork()
        const opened = await sessions.open(connectorId, network, [network])
        return { accounts: [opened.key.record], caipNetworkId: network.caipNetworkId }
      } catch (e) {
        // SPEC §7: a failing accounts request logs a warning and yields empty accounts.
        ctx?.logger.warn('cosmos adapter: could not read the wallet accounts', e)
        return { accounts: [] }
      }
    },

    async switchNetwork({ connectorId, caipNetworkId }) {
      const network = findNetwork(networks, caipNetworkId)
      const session = sessions.require(connectorId)
      const key = await asWallet(connectorId, async () => {
        await enableChains(session.keplr, [network])
        return await readKey(session.keplr, network)
      })
      session.network = network
      session.key = key
      const accounts: AccountRecord[] = [key.record]
      emit('chainChanged', { connectorId, caipNetworkId: network.caipNetworkId, accounts })
      return { status: 'switched', accounts }
    },

    getBalance: ({ address, caipNetworkId }) =>
      getFeeCoinBalance(clients, findNetwork(networks, caipNetworkId), address),

    async getTokenBalances({ address, caipNetworkId, tokens }) {
      const network = findNetwork(networks, caipNetworkId)
      const holdings = await getAllCosmosBalances(clients, network, address, tokens)
      // Core lists the fee coin itself (from getBalance) first: without a filter it would show twice.
      const feeDenom = network.cosmos.currencies[0]!.denom
      return tokens ? holdings : holdings.filter((h) => h.token !== feeDenom)
    },

    formatSignInMessage: (fields) => formatCosmosSignInMessage(fields, networks),

    async signMessage({ connectorId, address, message }) {
      const session = sessions.require(connectorId, address)
      const { signCosmosMessage } = await runtime()
      return await asWallet(connectorId, () =>
        signCosmosMessage({
          keplr: session.keplr,
          chainId: session.network.cosmos.chainId,
          address: session.key.record.address,
          message,
          pubKey: session.key.pubKey,
          ...(session.key.record.addressType ? { algo: session.key.record.addressType } : {}),
        }),
      )
    },

    async sendTransaction({ connectorId, address, caipNetworkId, request }) {
      const session = sessions.require(connectorId, address)
      if (caipNetworkId && caipNetworkId !== session.network.caipNetworkId) {
        throw new PorticoError('The wallet is connected to another chain', {
          code: 'COSMOS_CHAIN_MISMATCH',
          details: `connected to ${session.network.caipNetworkId}, asked for ${caipNetworkId}: switch network first`,
        })
      }
      const { assertCanSend, offlineSigner, sendCosmosTransaction, toMsgSend } = await runtime()
      assertCanSend(session.key.record)
      // Checked before the wallet is involved at all (sendCosmosTransaction checks again).
      toMsgSend(session.network, session.key.record.address, request)
      const signer = offlineSigner(session.keplr, session.network, signMode, session.key.isNanoLedger)
      return await asWallet(connectorId, () =>
        sendCosmosTransaction({
          signer,
          network: session.network,
          from: session.key.record.address,
          request,
          gasMultiplier,
        }),
      )
    },

    isValidAddress: ({ address, caipNetworkId }) =>
      isCosmosAddress(address, findNetwork(networks, caipNetworkId).cosmos.bech32Prefix),

    /** A bank `MsgSend` of `token` (a denom) or of the fee coin (the network's first currency). */
    transferRequest({ to, caipNetworkId, token, amount, nft }) {
      if (nft) throw new MethodNotSupportedError({ method: 'transferRequest (NFTs)' })
      const denom = token ?? findNetwork(networks, caipNetworkId).cosmos.currencies[0]!.denom
      return { to, amount: [{ denom, amount: amount.toString() }] }
    },

    estimateFee: async ({ address, caipNetworkId, request }) =>
      (await runtime()).estimateFee(feeDeps, {
        network: findNetwork(networks, caipNetworkId),
        address,
        request,
      }),

    /** The fee coin stays for the fee when another token is sent (`fee-denom`, see `feeDenomReserve`). */
    getReserve: async ({ address, caipNetworkId, token }) =>
      (await runtime()).feeDenomReserve(feeDeps, {
        network: findNetwork(networks, caipNetworkId),
        address,
        token,
      }),

    async signTransaction({ connectorId, address, request }) {
      const session = sessions.require(connectorId, address)
      const { assertCanSend, signCosmosTransaction } = await runtime()
      assertCanSend(session.key.record)
      return await asWallet(connectorId, () => signCosmosTransaction(session, request))
    },

    /**
     * Follows the transaction to its block: code 0 `succeeded`, any other
     * code `failed` with the code, codespace and log (a send can pass CheckTx
     * and fail at delivery); `pending` when `timeoutMs` (default 60 s) runs out.
     */
    async waitForTransaction({ hash, caipNetworkId, timeoutMs, signal }) {
      const network = findNetwork(networks, caipNetworkId)
      const { waitForCosmosOutcome } = await runtime()
      return await waitForCosmosOutcome({
        network,
        hash,
        search: async (query) =>
          (await (await clients.comet(network.rpcUrls.default.http[0]!)).txSearchAll({ query })).txs,
        ...(timeoutMs !== undefined ? { timeoutMs } : {}),
        ...(signal ? { signal } : {}),
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
      sessions.endAll()
      for (const set of Object.values(handlers)) set.clear()
      clients.disconnectAll()
    },
  }
  return adapter
}
