import {
  type AdapterEvents,
  AddressOrAuthConnectorNotFoundError,
  type CaipNetworkId,
  MethodNotSupportedError,
  type Network,
  NetworkNotFoundError,
  type PorticoContext,
  PorticoError,
  type RequestChannel,
  TokenBalanceUnavailableError,
} from '@portico/core'
import { assertNetworkAddress, encodeSs58, isPolkadotAddress } from '../address/index.js'
import {
  ApiPool,
  buildExtrinsic,
  estimateFee,
  InsufficientNativeForFeeError,
  type PolkadotInclusion,
  planAssetTransfer,
  readAssetBalances,
  readNativeBalance,
  signAndSubmit,
  signRawMessage,
  waitForInclusion,
} from '../chain/index.js'
import { POLKADOT_REQUEST_METHODS, type PolkadotChainAdapter } from '../contract/index.js'
import { toPolkadotPorticoError } from '../errors/index.js'
import {
  type DiscoveredExtension,
  discoverExtensions,
  toExtensionAccounts,
  validateInjected,
} from '../extensions/index.js'
import { isPolkadotNetwork, kusamaMainnet, type PolkadotNetwork, polkadotMainnet } from '../networks/index.js'
import { formatPolkadotSignInMessage } from '../siwx/index.js'
import { channelInjected, POLKADOT_CHANNEL_EVENTS, POLKADOT_CHANNEL_METHODS } from './channel.js'
import { accountRecords, type Session, Sessions, sessionAccount } from './sessions.js'

export interface PolkadotAdapterOptions {
  /** Networks offered (`polkadotLocal(...)` for the chopsticks devnet); default Polkadot and Kusama. */
  networks?: PolkadotNetwork[]
  /** The app name extensions show when asking the user for access (`enable(appName)`). */
  appName: string
  /**
   * Look for extensions in `window.injectedWeb3`. Defaults to `ctx.isBrowser`;
   * set `true` to discover under a `window` global in Node tests.
   */
  discover?: boolean
  /** How long after setup to keep looking for late-injected extensions; default 3000 ms. */
  discoveryWindowMs?: number
}

class ConnectorNotFoundError extends PorticoError {
  override name = 'ConnectorNotFoundError'
  constructor(connectorId: string) {
    super('Connector not found', { code: 'CONNECTOR_NOT_FOUND', details: connectorId })
  }
}

/** How far back `waitForTransaction` looks for a transaction it did not send. */
const RECENT_BLOCKS = 50

type Handlers = { [E in keyof AdapterEvents]: Set<(payload: AdapterEvents[E]) => void> }

/**
 * The Polkadot chain adapter (v2 contract). Each extension in
 * `window.injectedWeb3` (polkadot{.js}, SubWallet, Talisman, the Portico Dev
 * Extension…) is a connector; `@polkadot/api` is loaded with `import()` on
 * the first chain read. Addresses are SS58 with the active network's prefix
 * (checksum-checked before use), CAIP-2 ids `polkadot:<genesis hash prefix>`.
 * Balances are transferable (free − frozen); Assets-pallet tokens configured
 * on the network are token balances. Messages are signed with `signRaw`
 * (the extension wraps them in `<Bytes>`), transfers are
 * `balances.transferKeepAlive` signed with the extension's `signPayload`.
 *
 * @example
 * const portico = createPortico({
 *   adapters: [polkadotAdapter({ appName: 'My app', networks: [polkadotMainnet] })],
 * })
 */
export function polkadotAdapter(options: PolkadotAdapterOptions): PolkadotChainAdapter {
  if (!options || typeof options.appName !== 'string' || options.appName.trim() === '')
    throw new TypeError('polkadotAdapter: appName is required (extensions show it to the user)')
  const networks: readonly PolkadotNetwork[] = options.networks ?? [polkadotMainnet, kusamaMainnet]
  for (const n of networks as readonly Network[]) {
    if (!isPolkadotNetwork(n)) throw new TypeError(`polkadotAdapter: ${n.name} is not a Polkadot network`)
  }
  const handlers: Handlers = { accountsChanged: new Set(), chainChanged: new Set(), disconnect: new Set() }
  const sessions = new Sessions()
  const apis = new ApiPool()
  const inclusions = new Map<string, Promise<PolkadotInclusion>>()
  let ctx: PorticoContext | undefined
  let extensions: DiscoveredExtension[] = []
  let discovering = false
  const teardown: (() => void)[] = []

  function emit<E extends keyof AdapterEvents>(event: E, payload: AdapterEvents[E]) {
    for (const h of handlers[event]) {
      try {
        h(payload)
      } catch (e) {
        ctx?.logger.error(`polkadot adapter: ${event} handler threw`, e)
      }
    }
  }

  function scan() {
    const win = (globalThis as { window?: unknown }).window
    const next = discoverExtensions(win, (key, why) =>
      ctx?.logger.warn(`polkadot adapter: skipped injectedWeb3 entry "${key}": ${why}`),
    )
    const same = next.length === extensions.length && next.every((e, i) => extensions[i]?.entry === e.entry)
    extensions = next
    if (!same)
      ctx?.setConnectors(
        'polkadot',
        extensions.map((e) => e.connector),
      )
  }

  function findNetwork(caipNetworkId: CaipNetworkId | undefined): PolkadotNetwork {
    const network = caipNetworkId ? networks.find((n) => n.caipNetworkId === caipNetworkId) : networks[0]
    if (!network) throw new NetworkNotFoundError({ details: caipNetworkId })
    return network
  }

  function extensionFor(connectorId: string): DiscoveredExtension {
    if (discovering) scan()
    const ext = extensions.find((e) => e.connector.id === connectorId)
    if (!ext) throw new ConnectorNotFoundError(connectorId)
    return ext
  }

  /** The network the app has active for Polkadot (core state), else the first configured one. */
  function activeNetwork(): PolkadotNetwork {
    let active: CaipNetworkId | undefined
    try {
      active = ctx?.getState().networks.active.polkadot
    } catch {
      active = undefined
    }
    return networks.find((n) => n.caipNetworkId === active) ?? findNetwork(undefined)
  }

  /** Enables the extension for the app and opens a session with its accounts on `network`. */
  async function openSession(
    ext: Pick<DiscoveredExtension, 'connector'> & Partial<Pick<DiscoveredExtension, 'entry'>>,
    network: PolkadotNetwork,
    appName: string,
    channel?: RequestChannel,
  ): Promise<Session> {
    let injected: ReturnType<typeof validateInjected>
    let listed: unknown
    try {
      // A plugin connector's request channel stands in for an extension.
      injected = channel
        ? channelInjected(channel, network)
        : validateInjected(await ext.entry?.enable(appName))
      listed = await injected.accounts.get()
    } catch (e) {
      throw toPolkadotPorticoError(e)
    }
    const skipped: string[] = []
    const skip = (why: string) => {
      skipped.push(why)
      ctx?.logger.warn(`polkadot adapter: ${ext.connector.name}: ${why}`)
    }
    const accounts = toExtensionAccounts(listed, network, skip)
    if (accounts.length === 0)
      throw new AddressOrAuthConnectorNotFoundError({
        details: `${ext.connector.name} shared no usable account${skipped.length ? ` (${skipped.slice(0, 3).join('; ')})` : ''}`,
      })
    const connectorId = ext.connector.id
    const session: Session = {
      connectorId,
      name: ext.connector.name,
      injected,
      accounts,
      network,
      off: () => {},
    }
    sessions.open(session)
    const unsubscribe = injected.accounts.subscribe?.((changed) => {
      const current = sessions.get(connectorId)
      if (current !== session) return
      let next: Session['accounts']
      try {
        next = toExtensionAccounts(changed, current.network, skip)
      } catch (e) {
        ctx?.logger.warn(`polkadot adapter: ${ext.connector.name} sent invalid accounts`, e)
        return
      }
      if (next.map((a) => a.publicKey).join() === current.accounts.map((a) => a.publicKey).join()) return
      if (next.length === 0) {
        sessions.end(connectorId)
        emit('disconnect', { connectorId, reason: 'the extension removed the accounts' })
        return
      }
      current.accounts = next
      emit('accountsChanged', { connectorId, accounts: accountRecords(current) })
    })
    session.off = typeof unsubscribe === 'function' ? (unsubscribe as () => void) : () => {}
    return session
  }

  async function api(network: PolkadotNetwork) {
    return await apis.get(network)
  }

  const adapter: PolkadotChainAdapter = {
    namespace: 'polkadot',
    networks,
    channel: { methods: POLKADOT_CHANNEL_METHODS, events: POLKADOT_CHANNEL_EVENTS },
    requestMethods: POLKADOT_REQUEST_METHODS,

    setup(context) {
      ctx = context
      discovering = options.discover ?? context.isBrowser
      if (!discovering) {
        context.setConnectors('polkadot', [])
        return
      }
      scan()
      // Extensions inject their entry when their content script runs, which may be after us.
      const until = Date.now() + (options.discoveryWindowMs ?? 3_000)
      const timer = setInterval(() => {
        scan()
        if (Date.now() > until) clearInterval(timer)
      }, 250)
      teardown.push(() => clearInterval(timer))
    },

    getConnectors: () => extensions.map((e) => e.connector),

    async connect({ connectorId, caipNetworkId, channel, options: connectOptions }) {
      const network = caipNetworkId ? findNetwork(caipNetworkId) : activeNetwork()
      const appName = connectOptions?.appName?.trim() || options.appName
      // A plugin connector (WalletConnect) owns the session: its channel stands in for an extension.
      const ext = channel
        ? {
            connector: {
              id: connectorId,
              type: 'WALLET_CONNECT' as const,
              name: 'WalletConnect',
              chain: 'polkadot' as const,
            },
          }
        : extensionFor(connectorId)
      const session = await openSession(ext, network, appName, channel)
      return {
        accounts: accountRecords(session),
        caipNetworkId: network.caipNetworkId,
        // Over a channel the plugin knows the peer's own name and icon; claim none for it.
        ...(channel ? {} : { wallet: { name: ext.connector.name, type: 'INJECTED' } }),
      }
    },

    async disconnect({ connectorId }) {
      // The injectedWeb3 protocol has no disconnect: forgetting the session is all there is.
      sessions.end(connectorId)
    },

    async getAccounts({ connectorId }) {
      try {
        let session = sessions.get(connectorId)
        // Restoring a recent connection (SPEC §4): an extension that authorised the app answers without a prompt.
        if (!session) session = await openSession(extensionFor(connectorId), activeNetwork(), options.appName)
        return { accounts: accountRecords(session), caipNetworkId: session.network.caipNetworkId }
      } catch (e) {
        // SPEC §7: a failing accounts request logs a warning and yields empty accounts.
        ctx?.logger.warn('polkadot adapter: could not read the extension accounts', e)
        return { accounts: [], caipNetworkId: sessions.networkOf(connectorId) }
      }
    },

    async switchNetwork({ connectorId, caipNetworkId }) {
      const network = findNetwork(caipNetworkId)
      const session = sessions.get(connectorId)
      if (!session) {
        emit('chainChanged', { connectorId, caipNetworkId })
        return { status: 'switched' }
      }
      // Extensions have no active chain: the app picks it, and the addresses follow its prefix.
      session.network = network
      const accounts = accountRecords(session)
      emit('chainChanged', { connectorId, caipNetworkId, accounts })
      return { status: 'switched', accounts }
    },

    async getBalance({ address, caipNetworkId }) {
      const network = findNetwork(caipNetworkId)
      assertNetworkAddress(address, network.ss58Prefix)
      try {
        return await readNativeBalance(await api(network), network, address)
      } catch (e) {
        throw new TokenBalanceUnavailableError({ cause: e })
      }
    },

    async getTokenBalances({ address, caipNetworkId, tokens }) {
      const network = findNetwork(caipNetworkId)
      assertNetworkAddress(address, network.ss58Prefix)
      try {
        return await readAssetBalances(await api(network), network, address, tokens)
      } catch (e) {
        throw e instanceof TokenBalanceUnavailableError ? e : new TokenBalanceUnavailableError({ cause: e })
      }
    },

    // CAIP-122 "Polkadot account" text; core signs it with signMessage (signRaw, `<Bytes>`-wrapped).
    formatSignInMessage: (fields) =>
      formatPolkadotSignInMessage(fields, findNetwork(fields.caipNetworkId).ss58Prefix),

    async signMessage({ connectorId, address, message }) {
      const session = sessions.require(connectorId)
      const account = sessionAccount(session, address)
      return await signRawMessage({
        signer: session.injected.signer,
        address: account.address,
        ss58Prefix: session.network.ss58Prefix,
        message,
      })
    },

    async sendTransaction({ connectorId, address, caipNetworkId, request }) {
      const session = sessions.require(connectorId)
      const network = caipNetworkId ? findNetwork(caipNetworkId) : session.network
      if (network !== session.network)
        throw new PorticoError('Switch network first', {
          code: 'NETWORK_MISMATCH',
          details: `connected to ${session.network.caipNetworkId}, asked for ${network.caipNetworkId}`,
        })
      const account = sessionAccount(session, address)
      const chain = await api(network)
      const tx = buildExtrinsic(chain, network, request)
      if (typeof session.injected.signer.signPayload !== 'function')
        throw new MethodNotSupportedError({ method: 'signPayload' })
      const { hash, included } = await signAndSubmit({
        api: chain,
        tx,
        address: account.address,
        signer: session.injected.signer,
      })
      inclusions.set(hash, included)
      return hash
    },

    isValidAddress: ({ address, caipNetworkId }) =>
      isPolkadotAddress(address, findNetwork(caipNetworkId).ss58Prefix),

    /**
     * `balances.transferKeepAlive` of the native token, or for a configured
     * Assets-pallet token (`token` = its id) an `assets.transferKeepAlive`
     * checked first against the asset's minimum-balance rules and the
     * sender's native balance for the fee (`planAssetTransfer`); sending the
     * whole asset balance is an `assets.transfer`.
     */
    async transferRequest({ from, to, caipNetworkId, token, amount, nft }) {
      if (nft) throw new MethodNotSupportedError({ method: 'transferRequest (NFTs)' })
      if (token === undefined) return { to, value: amount }
      const network = findNetwork(caipNetworkId)
      assertNetworkAddress(from, network.ss58Prefix)
      assertNetworkAddress(to, network.ss58Prefix)
      const chain = await api(network)
      const plan = await planAssetTransfer({ api: chain, network, from, to, token: String(token), amount })
      const request = { to, value: amount, asset: plan.id, keepAlive: plan.keepAlive }
      const [fee, native] = await Promise.all([
        estimateFee(chain, network, request, from),
        readNativeBalance(chain, network, from),
      ])
      if (native.value < fee.value)
        throw new InsufficientNativeForFeeError(
          `the fee is ${fee.formatted} ${fee.symbol}; ${native.formatted} ${native.symbol} is transferable`,
        )
      return request
    },

    async estimateFee({ address, caipNetworkId, request }) {
      const network = findNetwork(caipNetworkId)
      // paymentInfo needs a payer; a fee does not depend on who pays, so any account of the network will do.
      const payer = address ?? encodeSs58(new Uint8Array(32), network.ss58Prefix)
      assertNetworkAddress(payer, network.ss58Prefix)
      return await estimateFee(await api(network), network, request, payer)
    },

    async waitForTransaction({ hash, caipNetworkId }) {
      const network = findNetwork(caipNetworkId)
      if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash))
        throw new PorticoError('Invalid transaction hash', { code: 'INVALID_HASH', details: String(hash) })
      const included = inclusions.get(hash)
      if (included) {
        try {
          return await included
        } finally {
          inclusions.delete(hash)
        }
      }
      // Sent before a reload or by someone else: look through recent blocks, then new ones.
      const chain = await api(network)
      const head = (await chain.rpc.chain.getHeader()).number.toNumber()
      return await waitForInclusion(chain, hash, head - RECENT_BLOCKS)
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
      void apis.close()
    },
  }
  return adapter
}
