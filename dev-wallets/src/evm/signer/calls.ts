import {
  type Address,
  bytesToHex,
  type Chain,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  getAddress,
  type Hex,
  hexToBigInt,
  isAddress,
  isHex,
  type LocalAccount,
  numberToHex,
  type Transport,
} from 'viem'
import { invalidParams, ProviderRpcError } from './errors.js'

/**
 * Where the devnet deploys PorticoBatchExecutor on both anvils (CREATE2
 * through the deterministic deployer, salt 0; `fixtures.accountAbstraction.batchExecutor`):
 * the EIP-7702 delegate the dev wallet's atomic batches run through.
 */
export const DEV_BATCH_EXECUTOR: Address = '0x4779f4a2940382DaB815E47a4BbF954cb1125737'

/** EIP-5792's own error codes (the EIP's "Error Codes" table). */
export const EIP5792_ERRORS = {
  unsupportedChain: 5710,
  unknownBundle: 5730,
  batchTooLarge: 5740,
  atomicityUnsupported: 5760,
} as const

/** The most calls the dev wallet takes in one batch (5740 above it). */
const MAX_CALLS = 32

const EXECUTE_BATCH_ABI = [
  {
    type: 'function',
    name: 'executeBatch',
    stateMutability: 'payable',
    inputs: [
      {
        name: 'calls',
        type: 'tuple[]',
        components: [
          { name: 'to', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'data', type: 'bytes' },
        ],
      },
    ],
    outputs: [],
  },
] as const

interface Call {
  to: Address
  value: bigint
  data: Hex
}

/** One batch the wallet sent: the chain, whether it ran atomically, the transactions that carried it. */
interface Batch {
  chainId: number
  atomic: boolean
  hashes: Hex[]
}

/** The chain access the calls need from the wallet: its chains and their transports. */
export interface CallsChains {
  chain(chainId: number): Chain
  transport(chainId: number): Transport
  has(chainId: number): boolean
  readonly chainIds: readonly number[]
}

function readCalls(raw: unknown): Call[] {
  if (!Array.isArray(raw) || raw.length === 0) throw invalidParams('calls')
  if (raw.length > MAX_CALLS)
    throw new ProviderRpcError(EIP5792_ERRORS.batchTooLarge, `At most ${MAX_CALLS} calls in one batch.`)
  return raw.map((c, i) => {
    const call = (c ?? {}) as Record<string, unknown>
    if (typeof call.to !== 'string' || !isAddress(call.to, { strict: false }))
      throw invalidParams(`calls[${i}].to`)
    if (call.value !== undefined && (typeof call.value !== 'string' || !isHex(call.value)))
      throw invalidParams(`calls[${i}].value`)
    if (call.data !== undefined && (typeof call.data !== 'string' || !isHex(call.data)))
      throw invalidParams(`calls[${i}].data`)
    return {
      to: getAddress(call.to),
      value: call.value ? hexToBigInt(call.value as Hex) : 0n,
      data: (call.data as Hex | undefined) ?? '0x',
    }
  })
}

/**
 * EIP-5792 for the dev wallet: capabilities, `wallet_sendCalls`,
 * `wallet_getCallsStatus`, `wallet_showCallsStatus`. An atomic batch is one
 * EIP-7702 transaction: the account delegates to PorticoBatchExecutor and
 * calls itself, so every call runs from the account and all revert together
 * (as MetaMask's smart-account upgrade does with its own delegate). Where the
 * executor has no code, capabilities say `unsupported` and a batch that does
 * not require atomicity runs as one transaction per call.
 */
export class WalletCalls {
  private readonly batches = new Map<string, Batch>()
  /** Batch ids the site asked the wallet to show (`wallet_showCallsStatus`), for tests. */
  readonly shown: string[] = []

  constructor(
    private readonly chains: CallsChains,
    private readonly executor: Address,
  ) {}

  private async executorDeployed(chainId: number): Promise<boolean> {
    const client = createPublicClient({
      chain: this.chains.chain(chainId),
      transport: this.chains.transport(chainId),
    })
    const code = await client.getCode({ address: this.executor })
    return code !== undefined && code !== '0x'
  }

  async capabilities(
    chainIds: unknown,
  ): Promise<Record<Hex, { atomic: { status: 'supported' | 'unsupported' } }>> {
    if (chainIds !== undefined && !Array.isArray(chainIds)) throw invalidParams('chain ids')
    const asked = chainIds
      ? chainIds.map((c) => {
          if (typeof c !== 'string' || !isHex(c)) throw invalidParams('chain id')
          return Number(hexToBigInt(c))
        })
      : [...this.chains.chainIds]
    const out: Record<Hex, { atomic: { status: 'supported' | 'unsupported' } }> = {}
    for (const id of asked) {
      if (!this.chains.has(id)) continue // EIP-5792: chains the wallet does not know are left out
      out[numberToHex(id)] = {
        atomic: { status: (await this.executorDeployed(id)) ? 'supported' : 'unsupported' },
      }
    }
    return out
  }

  async send(account: LocalAccount, currentChainId: number, raw: unknown): Promise<{ id: string }> {
    const p = (raw ?? {}) as Record<string, unknown>
    if (typeof p.chainId !== 'string' || !isHex(p.chainId)) throw invalidParams('chainId')
    const chainId = Number(hexToBigInt(p.chainId))
    if (chainId !== currentChainId || !this.chains.has(chainId))
      throw new ProviderRpcError(EIP5792_ERRORS.unsupportedChain, `The wallet is not on chain ${p.chainId}.`)
    if (typeof p.from === 'string' && p.from.toLowerCase() !== account.address.toLowerCase())
      throw new ProviderRpcError(4100, 'Account not authorized.')
    const calls = readCalls(p.calls)
    const atomic = await this.executorDeployed(chainId)
    if (!atomic && p.atomicRequired === true)
      throw new ProviderRpcError(
        EIP5792_ERRORS.atomicityUnsupported,
        'This wallet cannot run these calls atomically here.',
      )
    const chain = this.chains.chain(chainId)
    const wallet = createWalletClient({ account, chain, transport: this.chains.transport(chainId) })
    const hashes: Hex[] = []
    if (atomic) {
      // The account's next nonce is the transaction's; the authorization signed by the sender itself takes the one after.
      const authorization = await wallet.signAuthorization({
        contractAddress: this.executor,
        executor: 'self',
      })
      hashes.push(
        await wallet.sendTransaction({
          to: account.address,
          data: encodeFunctionData({ abi: EXECUTE_BATCH_ABI, functionName: 'executeBatch', args: [calls] }),
          value: calls.reduce((sum, c) => sum + c.value, 0n),
          authorizationList: [authorization],
        } as never),
      )
    } else {
      for (const c of calls)
        hashes.push(await wallet.sendTransaction({ to: c.to, value: c.value, data: c.data } as never))
    }
    const id = bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
    this.batches.set(id, { chainId, atomic, hashes })
    return { id }
  }

  private batch(id: unknown): [string, Batch] {
    const batch = typeof id === 'string' ? this.batches.get(id) : undefined
    if (!batch || typeof id !== 'string')
      throw new ProviderRpcError(EIP5792_ERRORS.unknownBundle, 'This wallet sent no batch with that id.')
    return [id, batch]
  }

  /** EIP-5792 v2 status: 100 until every transaction has a receipt, then 200 / 500 / 600 from the receipts. */
  async status(id: unknown): Promise<unknown> {
    const [key, batch] = this.batch(id)
    const client = createPublicClient({
      chain: this.chains.chain(batch.chainId),
      transport: this.chains.transport(batch.chainId),
    })
    const receipts = []
    for (const hash of batch.hashes) {
      const r = await client.getTransactionReceipt({ hash }).catch((error: unknown) => {
        if ((error as { name?: string }).name === 'TransactionReceiptNotFoundError') return undefined
        throw error
      })
      if (!r) break
      receipts.push(r)
    }
    const base = { version: '2.0.0', id: key, chainId: numberToHex(batch.chainId), atomic: batch.atomic }
    if (receipts.length < batch.hashes.length) return { ...base, status: 100 }
    const ok = receipts.filter((r) => r.status === 'success').length
    return {
      ...base,
      status: ok === receipts.length ? 200 : ok === 0 ? 500 : 600,
      receipts: receipts.map((r) => ({
        status: r.status === 'success' ? '0x1' : '0x0',
        blockHash: r.blockHash,
        blockNumber: numberToHex(r.blockNumber),
        gasUsed: numberToHex(r.gasUsed),
        transactionHash: r.transactionHash,
        logs: r.logs.map((l) => ({ address: l.address, data: l.data, topics: l.topics })),
      })),
    }
  }

  show(id: unknown): null {
    const [key] = this.batch(id)
    this.shown.push(key)
    return null
  }
}
