import {
  address,
  getBase58Decoder,
  getBase64Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionEncoder,
  lamports,
  type Transaction,
} from '@solana/kit'
import { getMintDecoder, getTokenDecoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { FailedTransactionMetadata, type LiteSVM } from 'litesvm'
import {
  encodeAccount,
  encodeFound,
  MINT_SIZE,
  mintDecimals,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_ACCOUNT_SIZE,
  tokenAmount,
} from './accounts.js'
import { type RpcTransactionError, toRpcTransactionError } from './errors.js'
import { computeBudgetOf, messageBytesFee, messageFee, writableAccounts } from './fees.js'
import { addressParam, type Handler, isConfig, isString, param, RpcError } from './params.js'
import { type TokenBalanceEntry, tokenBalancesOf } from './token-balances.js'
import { blockhashOf, type CompiledMessage, decodeTransaction, signatureOf, transactionJson } from './wire.js'

export { RpcError } from './params.js'

/** Blockhashes stay valid for this many newer ones, like the 150-block window of a real cluster. */
const BLOCKHASH_WINDOW = 150

interface SignatureRecord {
  slot: number
  err: RpcTransactionError | null
  blockTime: number
  /** Static account keys of the message (an airdrop records only its recipient). */
  keys: string[]
  landed?: LandedTransaction
}

/** What getTransaction answers with, kept for every transaction sent through the server. */
interface LandedTransaction {
  wire: Uint8Array
  message: CompiledMessage
  fee: number
  preBalances: number[]
  postBalances: number[]
  preTokenBalances: TokenBalanceEntry[]
  postTokenBalances: TokenBalanceEntry[]
  logs: string[]
  unitsConsumed: number
  /** The compute-unit price it paid (micro-lamports a unit) and the accounts it write-locked. */
  price: bigint
  writable: string[]
}

/**
 * The JSON-RPC methods of a Solana node, answered from an in-process litesvm.
 * Enough for `@solana/kit`'s RPC client, Wallet Standard wallets and the
 * gateway: balances, accounts (base64 / base58 / jsonParsed for SPL), token
 * accounts by owner, blockhashes, send / simulate, signature statuses, airdrops
 * and history (getSignaturesForAddress, getTransaction).
 *
 * Each processed transaction advances the slot and rotates the blockhash, so
 * two identical transfers get different signatures; blockhashes from the last
 * 150 remain valid.
 */
export class SolanaRpc {
  private slot = 1
  private readonly signatures = new Map<string, SignatureRecord>()
  private readonly blockhashes: string[] = []
  private readonly methods: Record<string, Handler>

  constructor(
    readonly svm: LiteSVM,
    readonly genesisHash: string,
  ) {
    this.blockhashes.push(svm.latestBlockhash())
    this.methods = {
      getHealth: () => 'ok',
      getVersion: () => ({ 'solana-core': '2.2.0', 'feature-set': 0 }),
      getGenesisHash: () => this.genesisHash,
      getIdentity: () => ({ identity: '11111111111111111111111111111111' }),
      getSlot: () => this.slot,
      getBlockHeight: () => this.slot,
      getEpochInfo: () => ({
        absoluteSlot: this.slot,
        blockHeight: this.slot,
        epoch: 0,
        slotIndex: this.slot,
        slotsInEpoch: 432000,
        transactionCount: this.signatures.size,
      }),
      getBalance: (p) => this.withContext(Number(this.svm.getBalance(addressParam(p, 0)) ?? 0n)),
      getAccountInfo: (p) => {
        const config = param(p, 1, 'config', isConfig) ?? {}
        return this.withContext(encodeAccount(this.svm, addressParam(p, 0), config.encoding))
      },
      getMultipleAccounts: (p) => {
        const list = param(p, 0, 'addresses', Array.isArray)
        const config = param(p, 1, 'config', isConfig) ?? {}
        return this.withContext(
          list.map((_, i) => encodeAccount(this.svm, addressParam(list, i), config.encoding)),
        )
      },
      getTokenAccountsByOwner: (p) => {
        const owner = addressParam(p, 0)
        const filter = param(p, 1, 'filter', isConfig) ?? {}
        const config = param(p, 2, 'config', isConfig) ?? {}
        const mint = typeof filter.mint === 'string' ? address(filter.mint) : undefined
        const programs = mint
          ? [TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS]
          : typeof filter.programId === 'string'
            ? [address(filter.programId)]
            : undefined
        if (!programs) throw new RpcError(-32602, 'Invalid params: filter needs mint or programId')
        const found = programs.flatMap((program) =>
          this.svm
            .getProgramAccounts(program)
            .filter((a) => a.data.length >= TOKEN_ACCOUNT_SIZE)
            .filter((a) => {
              const t = getTokenDecoder().decode(a.data.slice(0, TOKEN_ACCOUNT_SIZE))
              return t.owner === owner && (!mint || t.mint === mint)
            }),
        )
        found.sort((a, b) => (a.address < b.address ? -1 : 1))
        return this.withContext(
          found.map((a) => ({ pubkey: a.address, account: encodeFound(this.svm, a, config.encoding) })),
        )
      },
      getTokenAccountBalance: (p) => {
        const a = this.svm.getAccount(addressParam(p, 0))
        if (!a.exists || a.data.length < TOKEN_ACCOUNT_SIZE) {
          throw new RpcError(-32602, 'Invalid param: not a Token account')
        }
        const t = getTokenDecoder().decode(a.data.slice(0, TOKEN_ACCOUNT_SIZE))
        return this.withContext(tokenAmount(t.amount, mintDecimals(this.svm, t.mint)))
      },
      getTokenSupply: (p) => {
        const a = this.svm.getAccount(addressParam(p, 0))
        if (!a.exists || a.data.length < MINT_SIZE)
          throw new RpcError(-32602, 'Invalid param: not a Token mint')
        const m = getMintDecoder().decode(a.data.slice(0, MINT_SIZE))
        return this.withContext(tokenAmount(m.supply, m.decimals))
      },
      getMinimumBalanceForRentExemption: (p) => {
        const size = param(p, 0, 'size', (v): v is number => Number.isInteger(v) && (v as number) >= 0)
        return Number(this.svm.minimumBalanceForRentExemption(BigInt(size)))
      },
      getLatestBlockhash: () =>
        this.withContext({
          blockhash: this.svm.latestBlockhash(),
          lastValidBlockHeight: this.slot + BLOCKHASH_WINDOW,
        }),
      isBlockhashValid: (p) =>
        this.withContext(this.blockhashes.includes(param(p, 0, 'blockhash', isString))),
      getFeeForMessage: (p) => {
        const message = new Uint8Array(getBase64Encoder().encode(param(p, 0, 'message', isString)))
        // A node answers null for a message whose blockhash it no longer knows.
        const known = this.blockhashes.includes(blockhashOf(message))
        // Per signature plus the priority fee its compute-budget instructions ask for, as a node charges.
        return this.withContext(known ? messageBytesFee(message) : null)
      },
      getRecentPrioritizationFees: (p) => {
        const wanted = p[0] === undefined ? [] : param(p, 0, 'addresses', Array.isArray).map(String)
        return this.recentPrioritizationFees(wanted)
      },
      requestAirdrop: (p) => {
        const to = addressParam(p, 0)
        const amount = param(
          p,
          1,
          'lamports',
          (v): v is number => Number.isSafeInteger(v) && (v as number) > 0,
        )
        const result = this.svm.airdrop(to, lamports(BigInt(amount)))
        if (!result || result instanceof FailedTransactionMetadata) {
          throw new RpcError(-32603, `Airdrop failed: ${result?.toString() ?? 'no result'}`)
        }
        return this.record(getBase58Decoder().decode(result.signature()), null, [to])
      },
      sendTransaction: (p) => {
        const config = param(p, 1, 'config', isConfig) ?? {}
        const tx = decodeTransaction(param(p, 0, 'transaction', isString), config.encoding)
        const signature = signatureOf(tx)
        if (this.signatures.has(signature)) {
          throw new RpcError(
            -32002,
            'Transaction simulation failed: This transaction has already been processed',
            {
              err: 'AlreadyProcessed',
              logs: [],
              accounts: null,
              unitsConsumed: 0,
            },
          )
        }
        const blockhashError = this.checkBlockhash(tx)
        if (blockhashError) {
          if (!config.skipPreflight) {
            throw new RpcError(-32002, 'Transaction simulation failed: Blockhash not found', {
              err: 'BlockhashNotFound',
              logs: [],
              accounts: null,
              unitsConsumed: 0,
            })
          }
          return signature
        }
        // Preflight simulates first, so a failing transaction is refused without
        // charging its fee (as a node does); skipPreflight lands it, failed.
        if (!config.skipPreflight) {
          const simulated = this.svm.simulateTransaction(tx)
          if (simulated instanceof FailedTransactionMetadata) {
            const err = toRpcTransactionError(simulated.err())
            throw new RpcError(-32002, `Transaction simulation failed: ${JSON.stringify(err)}`, {
              err,
              logs: simulated.meta().logs(),
              accounts: null,
              unitsConsumed: Number(simulated.meta().computeUnitsConsumed()),
            })
          }
        }
        return this.land(signature, tx)
      },
      simulateTransaction: (p) => {
        const config = param(p, 1, 'config', isConfig) ?? {}
        const tx = decodeTransaction(param(p, 0, 'transaction', isString), config.encoding)
        const blockhashError = config.replaceRecentBlockhash ? undefined : this.checkBlockhash(tx)
        if (blockhashError) {
          return this.withContext({ err: 'BlockhashNotFound', logs: [], accounts: null, unitsConsumed: 0 })
        }
        // Simulation here always verifies signatures when they are present; unsigned
        // transactions (`sigVerify: false`) are simulated with signature checks off.
        const unsigned = Object.values(tx.signatures).some((s) => s === null)
        if (unsigned) this.svm.withSigverify(false)
        try {
          const result = this.svm.simulateTransaction(tx)
          if (result instanceof FailedTransactionMetadata) {
            return this.withContext({
              err: toRpcTransactionError(result.err()),
              logs: result.meta().logs(),
              accounts: null,
              unitsConsumed: Number(result.meta().computeUnitsConsumed()),
              returnData: null,
            })
          }
          return this.withContext({
            err: null,
            logs: result.meta().logs(),
            accounts: null,
            unitsConsumed: Number(result.meta().computeUnitsConsumed()),
            returnData: null,
          })
        } finally {
          if (unsigned) this.svm.withSigverify(true)
        }
      },
      getSignaturesForAddress: (p) => {
        const who = addressParam(p, 0)
        const config = param(p, 1, 'config', isConfig) ?? {}
        const limit = typeof config.limit === 'number' ? Math.min(Math.max(1, config.limit), 1000) : 1000
        const newestFirst = [...this.signatures.entries()].reverse().filter(([, r]) => r.keys.includes(who))
        const from =
          typeof config.before === 'string' ? newestFirst.findIndex(([s]) => s === config.before) + 1 : 0
        const out = []
        for (const [signature, r] of newestFirst.slice(from)) {
          if (signature === config.until || out.length >= limit) break
          out.push({
            signature,
            slot: r.slot,
            err: r.err,
            memo: null,
            blockTime: r.blockTime,
            confirmationStatus: 'finalized',
          })
        }
        return out
      },
      getTransaction: (p) => {
        const signature = param(p, 0, 'signature', isString)
        const config = param(p, 1, 'config', isConfig) ?? {}
        const r = this.signatures.get(signature)
        if (!r?.landed) return null
        const { message, wire } = r.landed
        if (message.version !== 'legacy' && config.maxSupportedTransactionVersion === undefined) {
          throw new RpcError(
            -32015,
            `Transaction version (${message.version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0`,
          )
        }
        return {
          slot: r.slot,
          blockTime: r.blockTime,
          version: message.version,
          transaction:
            config.encoding === 'base64'
              ? [getBase64Decoder().decode(wire), 'base64']
              : transactionJson(wire, message),
          meta: {
            err: r.err,
            status: r.err === null ? { Ok: null } : { Err: r.err },
            fee: r.landed.fee,
            preBalances: r.landed.preBalances,
            postBalances: r.landed.postBalances,
            innerInstructions: [],
            logMessages: r.landed.logs,
            preTokenBalances: r.landed.preTokenBalances,
            postTokenBalances: r.landed.postTokenBalances,
            rewards: [],
            loadedAddresses: { writable: [], readonly: [] },
            computeUnitsConsumed: r.landed.unitsConsumed,
          },
        }
      },
      getSignatureStatuses: (p) => {
        const list = param(p, 0, 'signatures', Array.isArray)
        return this.withContext(
          list.map((s) => {
            const r = typeof s === 'string' ? this.signatures.get(s) : undefined
            if (!r) return null
            return {
              slot: r.slot,
              confirmations: null,
              err: r.err,
              status: r.err === null ? { Ok: null } : { Err: r.err },
              confirmationStatus: 'finalized',
            }
          }),
        )
      },
    }
  }

  /** The method names this server answers. */
  get methodNames(): string[] {
    return Object.keys(this.methods)
  }

  /** Runs one JSON-RPC call; throws `RpcError` for JSON-RPC errors. */
  call(method: string, params: unknown): unknown {
    const handler = Object.hasOwn(this.methods, method) ? this.methods[method] : undefined
    if (!handler) throw new RpcError(-32601, `Method not found: ${method}`)
    return handler(Array.isArray(params) ? params : params === undefined ? [] : [params])
  }

  private withContext<T>(value: T) {
    return { context: { apiVersion: '2.2.0', slot: this.slot }, value }
  }

  private record(
    signature: string,
    err: RpcTransactionError | null,
    keys: string[],
    landed?: LandedTransaction,
  ): string {
    this.slot += 1
    this.svm.expireBlockhash()
    this.blockhashes.push(this.svm.latestBlockhash())
    if (this.blockhashes.length > BLOCKHASH_WINDOW) this.blockhashes.shift()
    const blockTime = Math.floor(Date.now() / 1000)
    this.signatures.set(signature, { slot: this.slot, err, blockTime, keys, ...(landed ? { landed } : {}) })
    return signature
  }

  /** Executes the transaction for real and records what getTransaction / getSignaturesForAddress need. */
  private land(signature: string, tx: Transaction): string {
    const message = getCompiledTransactionMessageDecoder().decode(
      tx.messageBytes,
    ) as unknown as CompiledMessage
    const keys = message.staticAccounts.map(String)
    const balances = () => keys.map((k) => Number(this.svm.getBalance(address(k)) ?? 0n))
    const preBalances = balances()
    const preTokenBalances = tokenBalancesOf(this.svm, keys)
    const result = this.svm.sendTransaction(tx)
    const failed = result instanceof FailedTransactionMetadata
    const meta = failed ? result.meta() : result
    const err = failed ? toRpcTransactionError(result.err()) : null
    return this.record(signature, err, keys, {
      wire: new Uint8Array(getTransactionEncoder().encode(tx)),
      message,
      fee: messageFee(message),
      preBalances,
      postBalances: balances(),
      preTokenBalances,
      postTokenBalances: tokenBalancesOf(this.svm, keys),
      logs: meta.logs(),
      unitsConsumed: Number(meta.computeUnitsConsumed()),
      price: computeBudgetOf(message).price,
      writable: writableAccounts(message),
    })
  }

  /**
   * `getRecentPrioritizationFees`: one entry per slot of the last 150 that
   * landed a transaction (one transaction a slot here), its compute-unit
   * price when it write-locked one of `accounts` (or any, when none are
   * given), else 0 — the shape and meaning of a node's answer.
   */
  private recentPrioritizationFees(accounts: readonly string[]) {
    const out: { slot: number; prioritizationFee: number }[] = []
    for (const r of this.signatures.values()) {
      if (!r.landed || r.slot <= this.slot - BLOCKHASH_WINDOW) continue
      const locks = accounts.length === 0 || accounts.some((a) => r.landed!.writable.includes(a))
      out.push({ slot: r.slot, prioritizationFee: locks ? Number(r.landed.price) : 0 })
    }
    return out
  }

  /** litesvm runs with its own check off (it only knows the latest blockhash); the server keeps the window. */
  private checkBlockhash(tx: Transaction): string | undefined {
    return this.blockhashes.includes(blockhashOf(new Uint8Array(tx.messageBytes)))
      ? undefined
      : 'BlockhashNotFound'
  }
}
