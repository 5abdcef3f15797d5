import {
  type AdapterEvents,
  type CaipNetworkId,
  type Network,
  NetworkNotFoundError,
  type PorticoContext,
  PorticoError,
} from '@portico/core'
import { assertNetworkAddress, isPolkadotAddress } from '../address/index.js'
import { ApiPool } from '../chain/api.js'
import { POLKADOT_REQUEST_METHODS, type PolkadotChainAdapter } from '../contract/index.js'
import { namingExtension } from '../errors/index.js'
import { type DiscoveredExtension, discoverExtensions, watchInjection } from '../extensions/index.js'
import { isPolkadotNetwork, kusamaMainnet, type PolkadotNetwork, polkadotMainnet } from '../networks/index.js'
import { formatPolkadotSignInMessage } from '../siwx/index.js'
import { POLKADOT_CHANNEL_EVENTS, POLKADOT_CHANNEL_METHODS } from './channel.js'
import type { OpenSessionDeps } from './connect.js'
import { accountRecords, Sessions, sessionAccount } from './sessions.js'
import type { TransactionDeps } from './transactions.js'
import type { PolkadotAdapterOptions } from './types.js'
import { WELL_KNOWN_WALLETS } from './well-known.js'

export type { PolkadotAdapterOptions } from './types.js'

class ConnectorNotFoundError extends PorticoError {
  override name = 'ConnectorNotFoundError'
  constructor(connectorId: string) {
    super('Connector not found', { code: 'CONNECTOR_NOT_FOUND', details: connectorId })
  }
}

let runtimeLoad: Promise<typeof import('./runtime.js')> | undefined

/** The adapter's runtime (sessions, balances, signing, transfers): an `import()` on first use, retried after a failed load. */
function runtime(): Promise<typeof import('./runtime.js')> {
  runtimeLoad ??= import('./runtime.js').catch((e: unknown) => {
    runtimeLoad = undefined
    throw e
  })
  return runtimeLoad
}

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
  const inclusions = new Map<string, number>()
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

  async function api(network: PolkadotNetwork) {
    return await apis.get(network)
  }

  const opening: OpenSessionDeps = { sessions, emit, warn: (...args) => ctx?.logger.warn(...args) }
  const txs: TransactionDeps = { sessions, findNetwork, api, inclusions }

  const adapter: PolkadotChainAdapter = {
    namespace: 'polkadot',
    networks,
    channel: { methods: POLKADOT_CHANNEL_METHODS, events: POLKADOT_CHANNEL_EVENTS },
    wellKnownWallets: WELL_KNOWN_WALLETS,
    requestMethods: POLKADOT_REQUEST_METHODS,

    setup(context) {
      ctx = context
      discovering = options.discover ?? context.isBrowser
      if (!discovering) {
        context.setConnectors('polkadot', [])
        return
      }
      // Fetched in the background so the first Connect click does not wait for the chunk.
      runtime().catch((e: unknown) =>
        context.logger.warn('polkadot adapter: could not preload its runtime', e),
      )
      scan()
      teardown.push(watchInjection(scan, options.discoveryWindowMs ?? 3_000))
    },

    getConnectors() {
      if (discovering) scan()
      return extensions.map((e) => e.connector)
    },

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
      const { openSession } = await runtime()
      const session = await openSession(opening, ext, network, appName, channel)
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
        if (!session)
          session = await (await runtime()).openSession(
            opening,
            extensionFor(connectorId),
            activeNetwork(),
            options.appName,
          )
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

    getBalance: async ({ address, caipNetworkId }) =>
      (await runtime()).readBalance(api, findNetwork(caipNetworkId), address),

    getTokenBalances: async ({ address, caipNetworkId, tokens }) =>
      (await runtime()).readTokenBalances(api, findNetwork(caipNetworkId), address, tokens),

    // CAIP-122 "Polkadot account" text; core signs it with signMessage (signRaw, `<Bytes>`-wrapped).
    formatSignInMessage: (fields) =>
      formatPolkadotSignInMessage(fields, findNetwork(fields.caipNetworkId).ss58Prefix),

    async signMessage({ connectorId, address, message }) {
      const session = sessions.require(connectorId)
      const account = sessionAccount(session, address)
      const { signRawMessage } = await runtime()
      try {
        return await signRawMessage({
          signer: session.injected.signer,
          address: account.address,
          ss58Prefix: session.network.ss58Prefix,
          message,
        })
      } catch (e) {
        throw namingExtension(e, session.name)
      }
    },

    sendTransaction: async (params) => (await runtime()).sendExtrinsic(txs, params),

    isValidAddress: ({ address, caipNetworkId }) =>
      isPolkadotAddress(address, findNetwork(caipNetworkId).ss58Prefix),

    transferRequest: async (params) => (await runtime()).transferRequest(txs, params),

    /**
     * Native sends keep the existential deposit (`balances.existentialDeposit`)
     * beyond what is already frozen, as `transferKeepAlive` requires; Assets
     * tokens: none here (their minimum balance is checked by `transferRequest`).
     */
    async getReserve({ address, caipNetworkId, token }) {
      if (token !== undefined) return undefined
      const network = findNetwork(caipNetworkId)
      assertNetworkAddress(address, network.ss58Prefix)
      const { polkadotReserve } = await runtime()
      return polkadotReserve(await api(network), network, address)
    },

    estimateFee: async (params) => (await runtime()).estimateRequestFee(txs, params),

    waitForTransaction: async (params) => (await runtime()).waitForTransaction(txs, params),

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
