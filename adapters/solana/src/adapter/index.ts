import {
  type AdapterEvents,
  AddressOrAuthConnectorNotFoundError,
  type CaipNetworkId,
  type Connector,
  formatSiwxMessage,
  MethodNotSupportedError,
  type Network,
  NetworkNotFoundError,
  networkRpcUrls,
  type PorticoContext,
  PorticoError,
  watchWalletStandard,
} from '@portico/core'
import type { Rpc, SolanaRpcApi } from '@solana/kit'
import type { Wallet } from '@wallet-standard/base'
import { isSolanaAddress } from '../address/index.js'
import { SOLANA_CHANNEL, SOLANA_REQUEST_METHODS } from '../contract/index.js'
import { solanaDevnet, solanaMainnet, solanaTestnet } from '../networks/index.js'
import { isSolanaWallet, toConnector } from '../wallets/index.js'
import { Lifetimes } from './lifetimes.js'
import type { SendDeps } from './send.js'
import { createSessions } from './sessions.js'
import type { SolanaAdapter, SolanaAdapterOptions } from './types.js'
import { WELL_KNOWN_WALLETS } from './well-known.js'

export type { SolanaPriorityFeeOptions } from './compute-budget.js'
export type { SolanaTokenInfo } from './reads.js'
export type { SolanaAdapter, SolanaAdapterOptions } from './types.js'

let runtimeLoad: Promise<typeof import('./runtime.js')> | undefined

/** The adapter's runtime (connect, reads, fees, signing, sending): an `import()` on first use, retried after a failed load. */
function runtime(): Promise<typeof import('./runtime.js')> {
  runtimeLoad ??= import('./runtime.js').catch((e: unknown) => {
    runtimeLoad = undefined
    throw e
  })
  return runtimeLoad
}

type Handlers = { [E in keyof AdapterEvents]: Set<(payload: AdapterEvents[E]) => void> }

/**
 * The Solana chain adapter. Wallets come from the Wallet Standard (core's
 * shared discovery: a wallet that registers later appears as a new connector,
 * under an id made of its name and icon), or from a plugin's request channel
 * (a WalletConnect session, driven with the `solana_*` methods); balances and
 * transfers go through `@solana/kit` (loaded with `import()` on first use),
 * and wallet errors become Portico's typed errors (user rejection →
 * `UserRejectedRequestError`).
 *
 * Signatures (messages and transactions) are returned base58-encoded, as
 * Solana explorers and RPCs show them.
 *
 * @example
 * const portico = createPortico({
 *   adapters: [evmAdapter(), solanaAdapter({ networks: [solanaMainnet, solanaDevnet] })],
 * })
 */
export function solanaAdapter(options: SolanaAdapterOptions = {}): SolanaAdapter {
  const networks: readonly Network[] = options.networks ?? [solanaMainnet, solanaDevnet, solanaTestnet]
  const commitment = options.commitment ?? 'confirmed'
  const tokens = new Map((options.tokens ?? []).map((t) => [t.mint, t]))
  const handlers: Handlers = { accountsChanged: new Set(), chainChanged: new Set(), disconnect: new Set() }
  const sessions = createSessions(emit)
  const rpcs = new Map<string, Promise<Rpc<SolanaRpcApi>>>()
  let ctx: PorticoContext | undefined
  let connectors: readonly Connector[] = []
  let walletsById = new Map<string, Wallet>()
  let watch: ReturnType<typeof watchWalletStandard<Wallet>> | undefined

  function emit<E extends keyof AdapterEvents>(event: E, payload: AdapterEvents[E]) {
    for (const h of handlers[event]) {
      try {
        h(payload)
      } catch (e) {
        ctx?.logger.error(`solana adapter: ${event} handler threw`, e)
      }
    }
  }

  function publish(entries: { id: string; wallet: Wallet; conflict?: string }[]) {
    connectors = entries.map((e) => toConnector(e.id, e.wallet, e.conflict))
    walletsById = new Map(entries.map((e) => [e.id, e.wallet]))
    for (const [id, session] of sessions.entries()) {
      if (session.channel || walletsById.has(id)) continue
      sessions.end(id)
      emit('disconnect', { connectorId: id, reason: 'wallet unregistered' })
    }
    ctx?.setConnectors('solana', connectors)
  }

  function findNetwork(caipNetworkId: CaipNetworkId): Network {
    const network = networks.find((n) => n.caipNetworkId === caipNetworkId)
    if (!network) throw new NetworkNotFoundError({ details: caipNetworkId })
    return network
  }

  function walletFor(connectorId: string): Wallet {
    const wallet = walletsById.get(connectorId)
    if (!wallet)
      throw new PorticoError('Connector not found', { code: 'CONNECTOR_NOT_FOUND', details: connectorId })
    return wallet
  }

  /** The network the app has active for Solana (core state), else the first configured one. */
  function activeNetworkId(): CaipNetworkId | undefined {
    let active: CaipNetworkId | undefined
    try {
      active = ctx?.getState().networks.active.solana
    } catch {
      active = undefined
    }
    return active && networks.some((n) => n.caipNetworkId === active) ? active : networks[0]?.caipNetworkId
  }

  function rpcFor(caipNetworkId: CaipNetworkId): Promise<Rpc<SolanaRpcApi>> {
    // The network's own URL, else the gateway's RPC proxy when `apiUrl` is set (issue 18).
    const url = networkRpcUrls(findNetwork(caipNetworkId), ctx?.options ?? {})[0]
    if (!url)
      throw new NetworkNotFoundError({ details: `${caipNetworkId} has no RPC URL and no apiUrl is set` })
    let rpc = rpcs.get(url)
    if (!rpc) {
      rpc = import('@solana/kit').then((kit) => kit.createSolanaRpc(url))
      rpcs.set(url, rpc)
    }
    return rpc
  }

  const sending: SendDeps = {
    sessions,
    rpc: rpcFor,
    commitment,
    lifetimes: new Lifetimes(),
    ...(options.priorityFee !== undefined ? { priorityFee: options.priorityFee } : {}),
  }

  const adapter: SolanaAdapter = {
    namespace: 'solana',
    networks,
    channel: SOLANA_CHANNEL,
    wellKnownWallets: WELL_KNOWN_WALLETS,
    requestMethods: SOLANA_REQUEST_METHODS,

    async setup(context) {
      ctx = context
      const registry =
        (options.discover ?? context.isBrowser)
          ? options.getWallets
            ? options.getWallets()
            : (await import('@wallet-standard/app')).getWallets()
          : undefined
      // Fetched in the background so the first Connect click does not wait for the chunk.
      if (context.isBrowser)
        runtime().catch((e: unknown) =>
          context.logger.warn('solana adapter: could not preload its runtime', e),
        )
      watch = watchWalletStandard<Wallet>({
        ...(registry ? { registry: registry as never } : {}),
        extra: options.wallets ?? [],
        accept: isSolanaWallet,
        onChange: publish,
        onConflict: (kept) =>
          context.logger.warn(
            `solana adapter: ignored a second wallet named like ${kept.wallet.name} (kept the first one)`,
          ),
      })
    },

    getConnectors: () => connectors,

    async connect({ connectorId, caipNetworkId, channel }) {
      const rt = await runtime()
      if (channel) return rt.connectChannel(sessions, networks, connectorId, channel, caipNetworkId)
      const wallet = walletFor(connectorId)
      const wanted = caipNetworkId ?? activeNetworkId()
      if (!wanted) throw new NetworkNotFoundError()
      return rt.connectWallet(sessions, connectorId, wallet, findNetwork(wanted).caipNetworkId)
    },

    async disconnect({ connectorId }) {
      const session = sessions.get(connectorId)
      sessions.end(connectorId)
      try {
        await session?.backend.disconnect()
      } catch (e) {
        ctx?.logger.warn('solana adapter: wallet disconnect failed', e)
      }
    },

    getAccounts: async ({ connectorId }) =>
      (await runtime()).restoreAccounts(
        { sessions, walletFor, activeNetworkId, warn: (message, e) => ctx?.logger.warn(message, e) },
        connectorId,
      ),

    async switchNetwork({ connectorId, caipNetworkId }) {
      findNetwork(caipNetworkId)
      return (await runtime()).switchSessionNetwork(sessions, emit, connectorId, caipNetworkId)
    },

    async getBalance({ address, caipNetworkId }) {
      const network = findNetwork(caipNetworkId)
      const { readBalance } = await runtime()
      return readBalance(await rpcFor(caipNetworkId), network, address, commitment)
    },

    async getTokenBalances({ address, caipNetworkId, tokens: only }) {
      const { readTokenBalances } = await runtime()
      return readTokenBalances({
        rpc: await rpcFor(caipNetworkId),
        caipNetworkId,
        address,
        ...(only ? { only } : {}),
        known: tokens,
        commitment,
      })
    },

    // CAIP-122 with "Solana account" (Sign In With Solana's text); the wallet signs it as a plain message.
    formatSignInMessage: (fields) => formatSiwxMessage(fields, 'Solana'),

    // A Wallet Standard wallet with `solana:signIn` writes and signs the SIWS text itself; else undefined.
    signIn: async (params) => (await runtime()).signInWithSession(sessions, walletFor, params),

    signMessage: async (params) => (await runtime()).signMessageWithSession(sessions, params),

    sendTransaction: async (params) => (await runtime()).sendWithSession(sending, params),

    signTransaction: async (params) => (await runtime()).signTransactionWithSession(sending, params),

    isValidAddress: ({ address }) => isSolanaAddress(address),

    /**
     * A SOL transfer, refused before the wallet is asked when it would leave
     * an account between 0 and its rent-exempt minimum (a new receiver given
     * less, or a sender keeping less: `BelowMinimumBalanceError`), or an SPL
     * transfer of the mint `token` (Token or Token-2022). For a token the cluster is read first: the mint must be a
     * mint, the receiver a wallet (or a token account of that mint), and the
     * sender's SOL must cover the fee plus the rent of the receiver's token
     * account when it has to be opened (`InsufficientSolForFeeError`
     * otherwise) — so a send that would fail is refused before the wallet is
     * asked.
     */
    async transferRequest({ from, to, caipNetworkId, token, amount, nft }) {
      if (nft) throw new MethodNotSupportedError({ method: 'transferRequest (NFTs)' })
      const { InvalidSolanaAddressError, assertSolTransferKeepsRent, assertSolCoversFee } = await runtime()
      if (token === undefined) {
        const request = { from, to, value: amount, caipNetworkId }
        if (!isSolanaAddress(to)) throw new InvalidSolanaAddressError(to)
        if (!isSolanaAddress(from)) throw new InvalidSolanaAddressError(from)
        const fee = await adapter.estimateFee({ address: from, caipNetworkId, request })
        await assertSolTransferKeepsRent({
          rpc: await rpcFor(caipNetworkId),
          network: findNetwork(caipNetworkId),
          from,
          to,
          amount,
          fee: fee.value,
          commitment,
        })
        return request
      }
      if (typeof token !== 'string' || !isSolanaAddress(token)) throw new InvalidSolanaAddressError(token)
      const request = { from, to, value: amount, token, caipNetworkId }
      const fee = await adapter.estimateFee({ address: from, caipNetworkId, request })
      assertSolCoversFee(fee, await adapter.getBalance({ address: from, caipNetworkId }))
      return request
    },

    /**
     * The fee the cluster charges for the request (`getFeeForMessage`), in SOL,
     * plus — for an SPL transfer that opens the receiver's token account —
     * that account's rent (`accountDeposit`). Needs the fee payer (`address`
     * or `request.from`).
     */
    async estimateFee({ address, caipNetworkId, request }) {
      const from = request.from ?? address
      if (!from)
        throw new AddressOrAuthConnectorNotFoundError({ details: 'the fee payer address is required' })
      const { estimateSolanaFee } = await runtime()
      return estimateSolanaFee({
        from,
        network: findNetwork(caipNetworkId),
        request,
        rpc: rpcFor,
        commitment,
        ...(options.priorityFee !== undefined ? { priorityFee: options.priorityFee } : {}),
      })
    },

    /**
     * SOL: the rent-exempt minimum for the account's data size (0 bytes for a
     * wallet: 0.00089088 SOL), which Max keeps. SPL tokens: none.
     */
    async getReserve({ address, caipNetworkId, token }) {
      const { InvalidSolanaAddressError, solanaReserve } = await runtime()
      if (!isSolanaAddress(address)) throw new InvalidSolanaAddressError(address)
      return solanaReserve({
        rpc: await rpcFor(caipNetworkId),
        network: findNetwork(caipNetworkId),
        address,
        ...(token !== undefined ? { token } : {}),
        commitment,
      })
    },

    /**
     * Follows a signature by its status at the adapter's commitment:
     * `succeeded` (slot, fee charged), `failed` with the instruction error,
     * `dropped` ("blockhash expired") once the block height passes the
     * blockhash's last valid height (for transactions sent or signed here),
     * else `pending` when `timeoutMs` (default 90 s) runs out.
     */
    async waitForTransaction({ hash, caipNetworkId, timeoutMs, signal, onUpdate }) {
      const lifetime = sending.lifetimes.get(hash)
      const { waitForSolanaTransaction } = await runtime()
      const outcome = await waitForSolanaTransaction({
        rpc: await rpcFor(caipNetworkId),
        network: findNetwork(caipNetworkId),
        hash,
        commitment,
        ...(lifetime ? { lifetime } : {}),
        ...(timeoutMs !== undefined ? { timeoutMs } : {}),
        ...(signal ? { signal } : {}),
        ...(onUpdate ? { onUpdate } : {}),
      })
      if (outcome.status !== 'pending') sending.lifetimes.delete(hash)
      return outcome
    },

    on(event, handler) {
      handlers[event].add(handler)
      return () => {
        handlers[event].delete(handler)
      }
    },

    destroy() {
      watch?.stop()
      for (const id of sessions.ids()) sessions.end(id)
      for (const set of Object.values(handlers)) set.clear()
    },
  }

  return adapter
}
