import { type CaipNetworkId, PorticoError, type TransactionOutcome } from '@portico/core'
import { parseEvmChainId } from '../networks/index.js'
import { type Eip1193Provider, findErrorCode, walletRequest } from '../provider/index.js'

/** One call of an EIP-5792 batch. */
export interface EvmCall {
  to: `0x${string}`
  value?: bigint
  data?: `0x${string}`
}

/** What a wallet can do with batches on one chain (EIP-5792 `wallet_getCapabilities`, v2). */
export interface EvmCallCapabilities {
  /** `supported`: batches run atomically; `ready`: the wallet can upgrade to it; `unsupported`: calls run one by one, or not at all. */
  atomic: 'supported' | 'ready' | 'unsupported'
  /** ERC-7677: the wallet takes a paymaster service (the smart accounts here are sponsored by the gateway). */
  paymasterService: boolean
}

/** EIP-5792 `wallet_getCallsStatus` in short: 100 pending, 200 confirmed, 400/500/600 failed. */
export interface EvmCallsStatus {
  id: string
  status: number
  atomic: boolean
  /** The outcome of the transaction (or user operation) that carried the calls, when one is known. */
  outcome?: TransactionOutcome
}

/** The wallet answered `wallet_sendCalls` / `wallet_getCapabilities` with something EIP-5792 does not allow. */
export class InvalidCallsResponseError extends PorticoError {
  override name = 'InvalidCallsResponseError'
  override readonly code = 'INVALID_CALLS_RESPONSE' as const
  constructor(method: string, details: string) {
    super('The wallet returned an invalid response to a batch of calls.', {
      details,
      metaMessages: [`Method: ${method}`],
    })
  }
}

/** A batch the caller required to be atomic, on a wallet that cannot run it atomically. */
export class AtomicBatchUnsupportedError extends PorticoError {
  override name = 'AtomicBatchUnsupportedError'
  override readonly code = 'ATOMIC_BATCH_UNSUPPORTED' as const
  constructor(details?: string) {
    super('This wallet cannot send these calls as one atomic batch.', details ? { details } : {})
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v)
const toHexChain = (caipNetworkId: CaipNetworkId) => `0x${(parseEvmChainId(caipNetworkId) ?? 0).toString(16)}`

/**
 * A wallet's EIP-5792 capabilities for `address` on the network, strictly
 * read: a wallet that does not implement `wallet_getCapabilities` (4200 /
 * -32601) has none; a malformed answer is `InvalidCallsResponseError`.
 */
export async function walletCapabilities(
  provider: Eip1193Provider,
  address: string,
  caipNetworkId: CaipNetworkId,
): Promise<EvmCallCapabilities> {
  const chain = toHexChain(caipNetworkId)
  let answer: unknown
  try {
    answer = await walletRequest(provider, 'wallet_getCapabilities', [address, [chain]])
  } catch (error) {
    if (findErrorCode(error, 4200) || findErrorCode(error, -32601))
      return { atomic: 'unsupported', paymasterService: false }
    throw error
  }
  if (!isObject(answer)) throw new InvalidCallsResponseError('wallet_getCapabilities', 'not an object')
  const own = answer[chain] ?? answer[String(parseEvmChainId(caipNetworkId))] ?? answer['0x0']
  if (own === undefined) return { atomic: 'unsupported', paymasterService: false }
  if (!isObject(own))
    throw new InvalidCallsResponseError('wallet_getCapabilities', `${chain} is not an object`)
  const atomic = isObject(own.atomic) ? own.atomic.status : undefined
  // EIP-5792 v1 wallets said `atomicBatch: { supported: true }`.
  const legacy = isObject(own.atomicBatch) && own.atomicBatch.supported === true
  const status =
    atomic === 'supported' || atomic === 'ready'
      ? atomic
      : legacy
        ? ('supported' as const)
        : ('unsupported' as const)
  return {
    atomic: status,
    paymasterService: isObject(own.paymasterService) && own.paymasterService.supported === true,
  }
}

/** `wallet_sendCalls` (EIP-5792 v2.0.0) through a wallet; resolves the batch id it answers. */
export async function walletSendCalls(
  provider: Eip1193Provider,
  p: { from: string; caipNetworkId: CaipNetworkId; calls: readonly EvmCall[]; atomicRequired: boolean },
): Promise<string> {
  const answer = await walletRequest(provider, 'wallet_sendCalls', [
    {
      version: '2.0.0',
      from: p.from,
      chainId: toHexChain(p.caipNetworkId),
      atomicRequired: p.atomicRequired,
      calls: p.calls.map((c) => ({
        to: c.to,
        ...(c.data ? { data: c.data } : {}),
        ...(c.value !== undefined ? { value: `0x${c.value.toString(16)}` } : {}),
      })),
    },
  ])
  const id = isObject(answer) ? answer.id : answer // v1 wallets answered the bare id
  if (typeof id !== 'string' || id.length === 0 || id.length > 4096)
    throw new InvalidCallsResponseError('wallet_sendCalls', 'no batch id')
  return id
}

/**
 * `wallet_getCallsStatus` through a wallet, strictly read: the status code,
 * atomicity, the chain it ran on and the hashes of the transactions that
 * carried the calls (`receipts[].transactionHash`), so the adapter can read
 * the chain's own outcome instead of trusting the wallet's word.
 */
export async function walletCallsStatus(
  provider: Eip1193Provider,
  id: string,
): Promise<EvmCallsStatus & { chainId?: number; transactionHashes: `0x${string}`[] }> {
  const answer = await walletRequest(provider, 'wallet_getCallsStatus', [id])
  if (!isObject(answer) || typeof answer.status !== 'number' || !Number.isInteger(answer.status))
    throw new InvalidCallsResponseError('wallet_getCallsStatus', 'no numeric status')
  const receipts = answer.receipts === undefined ? [] : answer.receipts
  if (!Array.isArray(receipts) || receipts.length > 256)
    throw new InvalidCallsResponseError('wallet_getCallsStatus', 'receipts is not a list')
  const transactionHashes: `0x${string}`[] = []
  for (const r of receipts) {
    const hash = isObject(r) ? r.transactionHash : undefined
    if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash))
      throw new InvalidCallsResponseError('wallet_getCallsStatus', 'a receipt without a transaction hash')
    if (!transactionHashes.includes(hash as `0x${string}`)) transactionHashes.push(hash as `0x${string}`)
  }
  const chainId =
    typeof answer.chainId === 'string' && /^0x[0-9a-fA-F]{1,16}$/.test(answer.chainId)
      ? Number.parseInt(answer.chainId, 16)
      : undefined
  return {
    id,
    status: answer.status,
    atomic: answer.atomic === true,
    transactionHashes,
    ...(chainId !== undefined ? { chainId } : {}),
  }
}

/** `wallet_showCallsStatus` (EIP-5792): the wallet shows the batch in its own window; it answers nothing. */
export async function walletShowCallsStatus(provider: Eip1193Provider, id: string): Promise<void> {
  await walletRequest(provider, 'wallet_showCallsStatus', [id])
}

/** The EIP-5792 status code of an outcome: 100 pending, 200 confirmed, 500 reverted on chain, 400 dropped. */
export function statusOfOutcome(outcome: TransactionOutcome): number {
  switch (outcome.status) {
    case 'succeeded':
      return 200
    case 'failed':
      return 500
    case 'dropped':
      return 400
    default:
      return 100
  }
}
