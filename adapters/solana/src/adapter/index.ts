import {
  type AccountRecord,
  type AdapterEvents,
  AddressOrAuthConnectorNotFoundError,
  AmountAndReceiverRequiredError,
  type Balance,
  type CaipNetworkId,
  type ChainAdapter,
  type Connector,
  type ConnectResult,
  MethodNotSupportedError,
  type Network,
  NetworkNotFoundError,
  type PorticoContext,
  PorticoError,
  TokenBalanceUnavailableError,
  type TokenHolding,
  type TransactionRequest,
} from '@portico/core'
import type { Rpc, SolanaRpcApi } from '@solana/kit'
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import type { Wallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
} from '@wallet-standard/features'
import { isSolanaAddress } from '../address/index.js'
import { toSolanaPorticoError } from '../errors/index.js'
import { solanaDevnet, solanaMainnet, solanaTestnet, toStandardChain } from '../networks/index.js'
import { formatBalanceUnits, formatUnits, parseUnits } from '../units/index.js'
import { FEATURES, solanaAccounts, toConnectors } from '../wallets/index.js'

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'

/** A known SPL token, so balances show its symbol and name (SPL mints carry neither on chain). */
export interface SolanaTokenInfo {
  mint: string
  symbol: string
  name?: string
}

export interface SolanaAdapterOptions {
  /** Networks offered; default mainnet, devnet, testnet. Add `solanaLocalnet(...)` for a local SVM. */
  networks?: Network[]
  /** Known SPL tokens (symbol / name by mint). */
  tokens?: SolanaTokenInfo[]
  /** Wallets to offer besides the discovered ones (e.g. a dev wallet object). */
  wallets?: Wallet[]
  /**
   * Discover Wallet Standard wallets. Defaults to `ctx.isBrowser`; set `true`
   * to discover under a window-like global in Node tests.
   */
  discover?: boolean
  /** The Wallet Standard registry; defaults to `getWallets()` of `@wallet-standard/app`, loaded lazily. */
  getWallets?: () => Wallets
  /** Commitment for reads and sends; default `confirmed`. */
  commitment?: 'processed' | 'confirmed' | 'finalized'
}

interface Session {
  wallet: Wallet
  accounts: WalletAccount[]
  caipNetworkId: CaipNetworkId
  off: () => void
}

type Handlers = { [E in keyof AdapterEvents]: Set<(payload: AdapterEvents[E]) => void> }

const utf8 = new TextEncoder()

function toRecord(account: WalletAccount): AccountRecord {
  return {
    namespace: 'solana',
    address: account.address,
    type: 'eoa',
    publicKey: Array.from(account.publicKey, (b) => b.toString(16).padStart(2, '0')).join(''),
  }
}

class InvalidSolanaAddressError extends PorticoError {
  override name = 'InvalidSolanaAddressError'
  constructor(value: unknown) {
    super('Invalid address', {
      code: 'INVALID_ADDRESS',
      details: `${String(value)} is not 32–44 base58 characters`,
    })
  }
}

class ConnectorNotFoundError extends PorticoError {
  override name = 'ConnectorNotFoundError'
  constructor(connectorId: string) {
    super('Connector not found', { code: 'CONNECTOR_NOT_FOUND', details: connectorId })
  }
}

/**
 * The Solana chain adapter. Wallets come from the Wallet Standard (live: a
 * wallet that registers later appears as a new connector), balances and
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
export function solanaAdapter(options: SolanaAdapterOptions = {}): ChainAdapter {
  const networks: readonly Network[] = options.networks ?? [solanaMainnet, solanaDevnet, solanaTestnet]
  const commitment = options.commitment ?? 'confirmed'
  const tokens = new Map((options.tokens ?? []).map((t) => [t.mint, t]))
  const handlers: Handlers = { accountsChanged: new Set(), chainChanged: new Set(), disconnect: new Set() }
  const sessions = new Map<string, Session>()
  const rpcs = new Map<string, Promise<Rpc<SolanaRpcApi>>>()
  let ctx: PorticoContext | undefined
  let connectors: readonly Connector[] = []
  let walletsById = new Map<string, Wallet>()
  let registry: Wallets | undefined
  const teardown: (() => void)[] = []

  function emit<E extends keyof AdapterEvents>(event: E, payload: AdapterEvents[E]) {
    for (const h of handlers[event]) {
      try {
        h(payload)
      } catch (e) {
        ctx?.logger.error(`solana adapter: ${event} handler threw`, e)
      }
    }
  }

  function refreshConnectors() {
    const all = [...(options.wallets ?? []), ...(registry?.get() ?? [])]
    const unique = all.filter((w, i) => all.indexOf(w) === i)
    const built = toConnectors(unique)
    connectors = built.connectors
    walletsById = built.byId
    for (const [id, session] of sessions) {
      if (walletsById.get(id) !== session.wallet) {
        endSession(id)
        emit('disconnect', { reason: 'wallet unregistered' })
      }
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
    if (!wallet) throw new ConnectorNotFoundError(connectorId)
    return wallet
  }

  function sessionFor(connectorId: string): Session {
    const session = sessions.get(connectorId)
    if (!session) throw new AddressOrAuthConnectorNotFoundError({ details: connectorId })
    return session
  }

  function accountFor(session: Session, address: string | undefined): WalletAccount {
    const account = address ? session.accounts.find((a) => a.address === address) : session.accounts[0]
    if (!account) throw new AddressOrAuthConnectorNotFoundError({ details: address })
    return account
  }

  function endSession(connectorId: string) {
    sessions.get(connectorId)?.off()
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

  /** Starts holding a connection: accounts (those on the network's chain first) and the wallet's change events. */
  function openSession(
    connectorId: string,
    wallet: Wallet,
    accounts: WalletAccount[],
    caipNetworkId: CaipNetworkId,
  ): Session {
    const chain = toStandardChain(caipNetworkId)
    const sorted = [...accounts].sort(
      (a, b) => Number(b.chains.includes(chain)) - Number(a.chains.includes(chain)),
    )
    endSession(connectorId)
    const events = (wallet.features as Partial<StandardEventsFeature>)[FEATURES.events]
    const off =
      events?.on('change', (changed) => {
        const session = sessions.get(connectorId)
        if (!session || !changed.accounts) return
        const next = solanaAccounts(changed.accounts)
        if (next.length === 0) {
          endSession(connectorId)
          emit('disconnect', { reason: 'wallet removed the accounts' })
          return
        }
        session.accounts = next
        emit('accountsChanged', { accounts: next.map(toRecord) })
      }) ?? (() => {})
    const session: Session = { wallet, accounts: sorted, caipNetworkId, off }
    sessions.set(connectorId, session)
    return session
  }

  function rpcFor(caipNetworkId: CaipNetworkId): Promise<Rpc<SolanaRpcApi>> {
    const url = findNetwork(caipNetworkId).rpcUrls.default.http[0]
    if (!url) throw new NetworkNotFoundError({ details: `${caipNetworkId} has no RPC URL` })
    let rpc = rpcs.get(url)
    if (!rpc) {
      rpc = import('@solana/kit').then((kit) => kit.createSolanaRpc(url))
      rpcs.set(url, rpc)
    }
    return rpc
  }

  /** The wire bytes of the request: a pre-built transaction (bytes or base64) or a SOL transfer built here, unsigned. */
  async function wireTransaction(
    from: string,
    caipNetworkId: CaipNetworkId,
    request: TransactionRequest,
    versions: readonly (string | number)[],
  ): Promise<Uint8Array> {
    const kit = await import('@solana/kit')
    if (request.transaction instanceof Uint8Array) return request.transaction
    if (typeof request.transaction === 'string') {
      return new Uint8Array(kit.getBase64Encoder().encode(request.transaction))
    }
    if (!request.to || request.value === undefined) throw new AmountAndReceiverRequiredError()
    if (!isSolanaAddress(request.to)) throw new InvalidSolanaAddressError(request.to)
    if (!isSolanaAddress(from)) throw new InvalidSolanaAddressError(from)
    const { getTransferSolInstruction } = await import('@solana-program/system')
    const rpc = await rpcFor(caipNetworkId)
    const { value: lifetime } = await rpc.getLatestBlockhash({ commitment }).send()
    const payer = kit.createNoopSigner(kit.address(from))
    const message = kit.pipe(
      kit.createTransactionMessage({ version: versions.includes(0) ? 0 : 'legacy' }),
      (m) => kit.setTransactionMessageFeePayerSigner(payer, m),
      (m) => kit.setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) =>
        kit.appendTransactionMessageInstruction(
          getTransferSolInstruction({
            source: payer,
            destination: kit.address(request.to as string),
            amount: kit.lamports(request.value as bigint),
          }),
          m,
        ),
    )
    return new Uint8Array(kit.getTransactionEncoder().encode(kit.compileTransaction(message)))
  }

  const adapter: ChainAdapter = {
    namespace: 'solana',
    networks,

    async setup(context) {
      ctx = context
      if (options.discover ?? context.isBrowser) {
        registry = options.getWallets
          ? options.getWallets()
          : (await import('@wallet-standard/app')).getWallets()
        teardown.push(
          registry.on('register', refreshConnectors),
          registry.on('unregister', refreshConnectors),
        )
      }
      refreshConnectors()
    },

    getConnectors: () => connectors,

    async connect({ connectorId, caipNetworkId }) {
      const wallet = walletFor(connectorId)
      const wanted = caipNetworkId ?? activeNetworkId()
      if (!wanted) throw new NetworkNotFoundError()
      const network = findNetwork(wanted)
      const connect = (wallet.features as Partial<StandardConnectFeature>)[FEATURES.connect]
      if (!connect) throw new MethodNotSupportedError({ method: FEATURES.connect })
      let accounts: WalletAccount[]
      try {
        accounts = solanaAccounts((await connect.connect()).accounts)
      } catch (e) {
        throw toSolanaPorticoError(e)
      }
      if (accounts.length === 0)
        throw new AddressOrAuthConnectorNotFoundError({ details: 'no Solana account' })
      const session = openSession(connectorId, wallet, accounts, network.caipNetworkId)
      return {
        accounts: session.accounts.map(toRecord),
        caipNetworkId: session.caipNetworkId,
      } satisfies ConnectResult
    },

    async disconnect({ connectorId }) {
      const session = sessions.get(connectorId)
      endSession(connectorId)
      const disconnect = (session?.wallet.features as Partial<StandardDisconnectFeature> | undefined)?.[
        FEATURES.disconnect
      ]
      try {
        await disconnect?.disconnect()
      } catch (e) {
        ctx?.logger.warn('solana adapter: wallet disconnect failed', e)
      }
    },

    async getAccounts({ connectorId }) {
      try {
        const wallet = walletFor(connectorId)
        let accounts = solanaAccounts(wallet.accounts)
        let session = sessions.get(connectorId)
        if (!session && accounts.length === 0) {
          // Restoring a recent connection (SPEC §4): a silent connect never prompts; an
          // app the user authorized before gets its accounts back.
          const connect = (wallet.features as Partial<StandardConnectFeature>)[FEATURES.connect]
          if (connect) accounts = solanaAccounts((await connect.connect({ silent: true })).accounts)
        }
        const network = activeNetworkId()
        if (!session && accounts.length > 0 && network)
          session = openSession(connectorId, wallet, accounts, network)
        return {
          accounts: (session?.accounts ?? accounts).map(toRecord),
          caipNetworkId: session?.caipNetworkId,
        }
      } catch (e) {
        // SPEC §7: a failing accounts request logs a warning and yields empty accounts.
        ctx?.logger.warn('solana adapter: could not read the wallet accounts', e)
        return { accounts: [], caipNetworkId: sessions.get(connectorId)?.caipNetworkId }
      }
    },

    async switchNetwork({ connectorId, caipNetworkId }) {
      findNetwork(caipNetworkId)
      const session = sessions.get(connectorId)
      // Wallet Standard wallets have no active chain: the app picks it per request.
      if (session) session.caipNetworkId = caipNetworkId
      emit('chainChanged', { caipNetworkId })
    },

    async getBalance({ address, caipNetworkId }): Promise<Balance> {
      if (!isSolanaAddress(address)) throw new InvalidSolanaAddressError(address)
      const network = findNetwork(caipNetworkId)
      try {
        const kit = await import('@solana/kit')
        const rpc = await rpcFor(caipNetworkId)
        const { value } = await rpc.getBalance(kit.address(address), { commitment }).send()
        const { decimals, symbol } = network.nativeCurrency
        return { value, decimals, symbol, formatted: formatBalanceUnits(value, decimals) }
      } catch (e) {
        throw new TokenBalanceUnavailableError({ cause: e })
      }
    },

    async getTokenBalances({ address, caipNetworkId, tokens: only }): Promise<TokenHolding[]> {
      if (!isSolanaAddress(address)) throw new InvalidSolanaAddressError(address)
      try {
        const kit = await import('@solana/kit')
        const rpc = await rpcFor(caipNetworkId)
        const byMint = new Map<string, { value: bigint; decimals: number }>()
        for (const program of [TOKEN_PROGRAM, TOKEN_2022_PROGRAM]) {
          const { value } = await rpc
            .getTokenAccountsByOwner(
              kit.address(address),
              { programId: kit.address(program) },
              { encoding: 'jsonParsed', commitment },
            )
            .send()
          for (const { account } of value) {
            const info = account.data.parsed.info
            const held = byMint.get(info.mint) ?? { value: 0n, decimals: info.tokenAmount.decimals }
            held.value += BigInt(info.tokenAmount.amount)
            byMint.set(info.mint, held)
          }
        }
        const result: TokenHolding[] = []
        for (const [mint, { value, decimals }] of byMint) {
          if (only ? !only.includes(mint) : value === 0n) continue
          const known = tokens.get(mint)
          result.push({
            token: mint,
            value,
            decimals,
            symbol: known?.symbol ?? `${mint.slice(0, 4)}…${mint.slice(-4)}`,
            formatted: formatBalanceUnits(value, decimals),
            ...(known?.name ? { name: known.name } : {}),
          })
        }
        return result.sort((a, b) => (a.token < b.token ? -1 : 1))
      } catch (e) {
        throw new TokenBalanceUnavailableError({ cause: e })
      }
    },

    async signMessage({ connectorId, address, message }) {
      const session = sessionFor(connectorId)
      const account = accountFor(session, address)
      const feature = (session.wallet.features as Partial<SolanaSignMessageFeature>)[FEATURES.signMessage]
      if (!feature) throw new MethodNotSupportedError({ method: FEATURES.signMessage })
      let signature: Uint8Array
      try {
        const [output] = await feature.signMessage({ account, message: utf8.encode(message) })
        if (!output) throw new Error('The wallet returned no signature')
        signature = output.signature
      } catch (e) {
        throw toSolanaPorticoError(e)
      }
      const kit = await import('@solana/kit')
      return kit.getBase58Decoder().decode(signature)
    },

    async sendTransaction({ connectorId, request }) {
      const session = sessionFor(connectorId)
      const account = accountFor(session, request.from)
      const caipNetworkId = request.caipNetworkId ?? session.caipNetworkId
      const chain = toStandardChain(caipNetworkId)
      const features = session.wallet.features as Partial<
        SolanaSignAndSendTransactionFeature & SolanaSignTransactionFeature
      >
      const signAndSend = features[FEATURES.signAndSendTransaction]
      const sign = features[FEATURES.signTransaction]
      if (!signAndSend && !sign)
        throw new MethodNotSupportedError({ method: FEATURES.signAndSendTransaction })
      const versions = (signAndSend ?? sign)?.supportedTransactionVersions ?? ['legacy']
      const transaction = await wireTransaction(account.address, caipNetworkId, request, versions)
      const kit = await import('@solana/kit')
      try {
        if (signAndSend) {
          const [output] = await signAndSend.signAndSendTransaction({
            account,
            transaction,
            chain,
            options: { commitment, preflightCommitment: commitment },
          })
          if (!output) throw new Error('The wallet returned no signature')
          return kit.getBase58Decoder().decode(output.signature)
        }
        const [signed] = await sign!.signTransaction({ account, transaction, chain })
        if (!signed) throw new Error('The wallet returned no transaction')
        const rpc = await rpcFor(caipNetworkId)
        return await rpc
          .sendTransaction(kit.getBase64Decoder().decode(signed.signedTransaction) as never, {
            encoding: 'base64',
            preflightCommitment: commitment,
          })
          .send()
      } catch (e) {
        throw toSolanaPorticoError(e)
      }
    },

    /**
     * The fee in lamports the cluster charges for the request (Solana has no
     * gas: `getFeeForMessage`). Needs `request.from` (the fee payer) and uses
     * `request.caipNetworkId`, else the first configured network.
     */
    async estimateGas({ request }) {
      if (!request.from)
        throw new AddressOrAuthConnectorNotFoundError({ details: 'request.from is required' })
      const caipNetworkId = request.caipNetworkId ?? networks[0]?.caipNetworkId
      if (!caipNetworkId) throw new NetworkNotFoundError()
      const wire = await wireTransaction(request.from, caipNetworkId, request, [0])
      const kit = await import('@solana/kit')
      const { messageBytes } = kit.getTransactionDecoder().decode(wire)
      const rpc = await rpcFor(caipNetworkId)
      const { value } = await rpc
        .getFeeForMessage(kit.getBase64Decoder().decode(messageBytes) as never, { commitment })
        .send()
      if (value === null)
        throw new PorticoError('The fee is unknown (expired blockhash)', { code: 'FEE_UNKNOWN' })
      return value
    },

    parseUnits,
    formatUnits,

    on(event, handler) {
      handlers[event].add(handler)
      return () => {
        handlers[event].delete(handler)
      }
    },

    destroy() {
      for (const off of teardown.splice(0)) off()
      for (const id of [...sessions.keys()]) endSession(id)
      for (const set of Object.values(handlers)) set.clear()
    },
  }
  return adapter
}
