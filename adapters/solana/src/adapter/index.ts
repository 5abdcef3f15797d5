import {
  type AccountRecord,
  type AdapterEvents,
  AddressOrAuthConnectorNotFoundError,
  type CaipAddress,
  type CaipNetworkId,
  type Connector,
  type ConnectResult,
  formatSiwxMessage,
  MethodNotSupportedError,
  type Network,
  NetworkNotFoundError,
  networkRpcUrls,
  type PorticoContext,
  PorticoError,
  type RequestChannel,
  UnsupportedChainError,
  watchWalletStandard,
} from '@portico/core'
import type { Rpc, SolanaRpcApi } from '@solana/kit'
import type { Wallet } from '@wallet-standard/base'
import type { StandardConnectFeature } from '@wallet-standard/features'
import { isSolanaAddress } from '../address/index.js'
import { SOLANA_CHANNEL, SOLANA_REQUEST_METHODS } from '../contract/index.js'
import { toSolanaPorticoError } from '../errors/index.js'
import { solanaDevnet, solanaMainnet, solanaTestnet, toStandardChain } from '../networks/index.js'
import { signInWithSolanaWallet } from '../siwx/index.js'
import { FEATURES, isSolanaWallet, solanaAccounts, toConnector } from '../wallets/index.js'
import {
  type BackendEvents,
  channelAccounts,
  channelBackend,
  type HeldAccount,
  solanaCodec,
  type WalletBackend,
  walletStandardBackend,
} from './backends.js'
import { assertSolCoversFee, estimateSolanaFee } from './fees.js'
import { readBalance, readTokenBalances } from './reads.js'
import { InvalidSolanaAddressError, wireTransaction } from './transactions.js'
import type { SolanaAdapter, SolanaAdapterOptions } from './types.js'

export type { SolanaTokenInfo } from './reads.js'
export type { SolanaAdapter, SolanaAdapterOptions } from './types.js'

interface Session {
  backend: WalletBackend
  accounts: HeldAccount[]
  caipNetworkId: CaipNetworkId
  /** Set when a plugin's request channel carries the session. */
  channel?: RequestChannel
}

type Handlers = { [E in keyof AdapterEvents]: Set<(payload: AdapterEvents[E]) => void> }

const utf8 = new TextEncoder()
const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')

/** Held accounts as records on a cluster: the adapter composes the CAIP-10 ids. */
function toRecords(accounts: readonly HeldAccount[], caipNetworkId: CaipNetworkId): AccountRecord[] {
  return accounts.map((a) => ({
    namespace: 'solana',
    address: a.address,
    caipAddress: `${caipNetworkId}:${a.address}` as CaipAddress,
    type: 'eoa',
    ...(a.publicKey ? { publicKey: hex(a.publicKey) } : {}),
  }))
}

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
  const sessions = new Map<string, Session>()
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
    for (const [id, session] of sessions) {
      if (session.channel || walletsById.has(id)) continue
      endSession(id)
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

  function sessionFor(connectorId: string): Session {
    const session = sessions.get(connectorId)
    if (!session) throw new AddressOrAuthConnectorNotFoundError({ details: connectorId })
    return session
  }

  function accountFor(session: Session, address: string | undefined): HeldAccount {
    const account = address ? session.accounts.find((a) => a.address === address) : session.accounts[0]
    if (!account) throw new AddressOrAuthConnectorNotFoundError({ details: address })
    return account
  }

  function endSession(connectorId: string) {
    sessions.get(connectorId)?.backend.close()
    sessions.delete(connectorId)
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

  /** Wallet events of a session → adapter events tagged with its connector. */
  function eventsFor(connectorId: string): BackendEvents {
    return {
      onAccounts(accounts) {
        const session = sessions.get(connectorId)
        if (!session) return
        session.accounts = accounts
        emit('accountsChanged', { connectorId, accounts: toRecords(accounts, session.caipNetworkId) })
      },
      onDisconnect(reason) {
        if (!sessions.has(connectorId)) return
        endSession(connectorId)
        emit('disconnect', { connectorId, reason })
      },
    }
  }

  /** Starts holding a connection; the accounts usable on the network's chain come first. */
  function openSession(connectorId: string, session: Session): ConnectResult {
    endSession(connectorId)
    sessions.set(connectorId, session)
    return {
      accounts: toRecords(session.accounts, session.caipNetworkId),
      caipNetworkId: session.caipNetworkId,
    }
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

  async function connectChannel(connectorId: string, channel: RequestChannel, wanted?: CaipNetworkId) {
    const chains = channel.chains().filter((c) => networks.some((n) => n.caipNetworkId === c))
    const caipNetworkId = wanted && chains.includes(wanted) ? wanted : chains[0]
    if (!caipNetworkId)
      throw new UnsupportedChainError({ details: 'the session covers no configured solana cluster' })
    const backend = channelBackend(channel, caipNetworkId, await solanaCodec(), eventsFor(connectorId))
    const accounts = backend.accounts()
    if (accounts.length === 0) {
      backend.close()
      throw new AddressOrAuthConnectorNotFoundError({ details: 'no Solana account in the session' })
    }
    return openSession(connectorId, { backend, accounts, caipNetworkId, channel })
  }

  async function wire(session: Session, from: string, caipNetworkId: CaipNetworkId, request: unknown) {
    return wireTransaction({
      from,
      caipNetworkId,
      request: request as Parameters<typeof wireTransaction>[0]['request'],
      versions: session.backend.versions(),
      rpc: rpcFor,
      commitment,
    })
  }

  const adapter: SolanaAdapter = {
    namespace: 'solana',
    networks,
    channel: SOLANA_CHANNEL,
    requestMethods: SOLANA_REQUEST_METHODS,

    async setup(context) {
      ctx = context
      const registry =
        (options.discover ?? context.isBrowser)
          ? options.getWallets
            ? options.getWallets()
            : (await import('@wallet-standard/app')).getWallets()
          : undefined
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
      if (channel) return connectChannel(connectorId, channel, caipNetworkId)
      const wallet = walletFor(connectorId)
      const wanted = caipNetworkId ?? activeNetworkId()
      if (!wanted) throw new NetworkNotFoundError()
      const network = findNetwork(wanted)
      const connect = (wallet.features as Partial<StandardConnectFeature>)[FEATURES.connect]
      if (!connect) throw new MethodNotSupportedError({ method: FEATURES.connect })
      let accounts: ReturnType<typeof solanaAccounts>
      try {
        accounts = solanaAccounts((await connect.connect()).accounts)
      } catch (e) {
        throw toSolanaPorticoError(e)
      }
      if (accounts.length === 0)
        throw new AddressOrAuthConnectorNotFoundError({ details: 'no Solana account' })
      return startWallet(connectorId, wallet, accounts, network.caipNetworkId)
    },

    async disconnect({ connectorId }) {
      const session = sessions.get(connectorId)
      endSession(connectorId)
      try {
        await session?.backend.disconnect()
      } catch (e) {
        ctx?.logger.warn('solana adapter: wallet disconnect failed', e)
      }
    },

    async getAccounts({ connectorId }) {
      try {
        const held = sessions.get(connectorId)
        if (held)
          return { accounts: toRecords(held.accounts, held.caipNetworkId), caipNetworkId: held.caipNetworkId }
        const wallet = walletFor(connectorId)
        let accounts = solanaAccounts(wallet.accounts)
        if (accounts.length === 0) {
          // Restoring a recent connection (SPEC §4): a silent connect never prompts; an
          // app the user authorized before gets its accounts back.
          const connect = (wallet.features as Partial<StandardConnectFeature>)[FEATURES.connect]
          if (connect) accounts = solanaAccounts((await connect.connect({ silent: true })).accounts)
        }
        const network = activeNetworkId()
        if (accounts.length === 0 || !network) return { accounts: [] }
        return startWallet(connectorId, wallet, accounts, network)
      } catch (e) {
        // SPEC §7: a failing accounts request logs a warning and yields empty accounts.
        ctx?.logger.warn('solana adapter: could not read the wallet accounts', e)
        return { accounts: [], caipNetworkId: sessions.get(connectorId)?.caipNetworkId }
      }
    },

    async switchNetwork({ connectorId, caipNetworkId }) {
      findNetwork(caipNetworkId)
      const session = sessions.get(connectorId)
      if (session?.channel) {
        // A session covers a fixed set of clusters; its accounts are re-read for the new one.
        if (!session.channel.chains().includes(caipNetworkId))
          throw new UnsupportedChainError({ caipNetworkId })
        const accounts = channelAccounts(session.channel, caipNetworkId)
        if (accounts.length === 0) throw new UnsupportedChainError({ caipNetworkId })
        session.accounts = accounts
        session.backend = channelBackend(
          session.channel,
          caipNetworkId,
          await solanaCodec(),
          eventsFor(connectorId),
        )
      }
      // Wallet Standard wallets have no active chain: the app picks it per request.
      if (session) session.caipNetworkId = caipNetworkId
      const accounts = session ? toRecords(session.accounts, caipNetworkId) : undefined
      emit('chainChanged', { connectorId, caipNetworkId, ...(accounts ? { accounts } : {}) })
      return { status: 'switched', ...(accounts ? { accounts } : {}) }
    },

    async getBalance({ address, caipNetworkId }) {
      const network = findNetwork(caipNetworkId)
      return readBalance(await rpcFor(caipNetworkId), network, address, commitment)
    },

    async getTokenBalances({ address, caipNetworkId, tokens: only }) {
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
    async signIn({ connectorId, address, fields }) {
      const session = sessionFor(connectorId)
      if (session.channel) return undefined
      const account = accountFor(session, address)
      return signInWithSolanaWallet(walletFor(connectorId), { ...fields, address: account.address })
    },

    async signMessage({ connectorId, address, message }) {
      const session = sessionFor(connectorId)
      const account = accountFor(session, address)
      const bytes = typeof message === 'string' ? utf8.encode(message) : message
      const { signature, signedMessage } = await session.backend.signMessage(account, bytes)
      const { toBase58 } = await solanaCodec()
      const differs =
        signedMessage &&
        (signedMessage.length !== bytes.length || signedMessage.some((b, i) => b !== bytes[i]))
      return {
        signature: toBase58(signature),
        ...(account.publicKey ? { publicKey: `0x${hex(account.publicKey)}` } : {}),
        ...(differs ? { signedMessage } : {}),
      }
    },

    async sendTransaction({ connectorId, address, caipNetworkId, request }) {
      const session = sessionFor(connectorId)
      const account = accountFor(session, request.from ?? address)
      const network = caipNetworkId ?? request.caipNetworkId ?? session.caipNetworkId
      const { backend } = session
      if (!backend.signAndSend && !backend.signTransaction)
        throw new MethodNotSupportedError({ method: FEATURES.signAndSendTransaction })
      const transaction = await wire(session, account.address, network, request)
      const { toBase58, toBase64 } = await solanaCodec()
      if (backend.signAndSend) return toBase58(await backend.signAndSend(account, transaction, network))
      const signed = await backend.signTransaction!(account, transaction, network)
      try {
        const rpc = await rpcFor(network)
        return await rpc
          .sendTransaction(toBase64(signed) as never, { encoding: 'base64', preflightCommitment: commitment })
          .send()
      } catch (e) {
        throw toSolanaPorticoError(e)
      }
    },

    async signTransaction({ connectorId, address, request }) {
      const session = sessionFor(connectorId)
      const account = accountFor(session, address)
      if (!session.backend.signTransaction)
        throw new MethodNotSupportedError({ method: FEATURES.signTransaction })
      const transaction = await wire(session, account.address, session.caipNetworkId, request)
      return {
        signedTransaction: await session.backend.signTransaction(account, transaction, session.caipNetworkId),
      }
    },

    isValidAddress: ({ address }) => isSolanaAddress(address),

    /**
     * A SOL transfer, or an SPL transfer of the mint `token` (Token or
     * Token-2022). For a token the cluster is read first: the mint must be a
     * mint, the receiver a wallet (or a token account of that mint), and the
     * sender's SOL must cover the fee plus the rent of the receiver's token
     * account when it has to be opened (`InsufficientSolForFeeError`
     * otherwise) — so a send that would fail is refused before the wallet is
     * asked.
     */
    async transferRequest({ from, to, caipNetworkId, token, amount, nft }) {
      if (nft) throw new MethodNotSupportedError({ method: 'transferRequest (NFTs)' })
      if (token === undefined) return { from, to, value: amount, caipNetworkId }
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
      return estimateSolanaFee({
        from,
        network: findNetwork(caipNetworkId),
        request,
        rpc: rpcFor,
        commitment,
      })
    },

    on(event, handler) {
      handlers[event].add(handler)
      return () => {
        handlers[event].delete(handler)
      }
    },

    destroy() {
      watch?.stop()
      for (const id of [...sessions.keys()]) endSession(id)
      for (const set of Object.values(handlers)) set.clear()
    },
  }

  function startWallet(
    connectorId: string,
    wallet: Wallet,
    accounts: ReturnType<typeof solanaAccounts>,
    caipNetworkId: CaipNetworkId,
  ): ConnectResult {
    const chain = toStandardChain(caipNetworkId)
    const sorted = [...accounts].sort(
      (a, b) => Number(b.chains.includes(chain)) - Number(a.chains.includes(chain)),
    )
    const backend = walletStandardBackend(wallet, sorted, eventsFor(connectorId))
    return openSession(connectorId, { backend, accounts: backend.accounts(), caipNetworkId })
  }

  return adapter
}
