import {
  type FeeEstimate,
  formatBalance,
  formatUnits,
  type Network,
  NetworkRequestError,
  PorticoError,
  type TransactionFailureReason,
  type TransactionOutcome,
} from '@portico/core'
import type { Rpc, SolanaRpcApi } from '@solana/kit'

type Commitment = 'processed' | 'confirmed' | 'finalized'

/**
 * The life of a transaction this adapter built or saw signed: past
 * `lastValidBlockHeight` (or once the cluster calls its blockhash invalid,
 * when the height is unknown) it can never land.
 */
export interface BlockhashLifetime {
  blockhash: string
  lastValidBlockHeight?: bigint
}

/**
 * How long `waitForTransaction` follows a transaction whose blockhash it does
 * not know: a blockhash lives 150 blocks (~60–90 s on a real cluster).
 */
export const DEFAULT_WAIT_MS = 90_000
const POLL_MS = 400

const RANK: Record<Commitment, number> = { processed: 0, confirmed: 1, finalized: 2 }

/** `{ Custom: 1 }`, `'InsufficientFunds'`, … as one readable kind, and the code the outcome carries. */
function instructionKind(kind: unknown): { text: string; code: string } {
  if (typeof kind === 'string') return { text: kind, code: kind }
  if (kind && typeof kind === 'object') {
    const [name, value] = Object.entries(kind)[0] ?? ['Unknown', undefined]
    if (name === 'Custom' && (typeof value === 'number' || typeof value === 'bigint'))
      return { text: `custom program error 0x${value.toString(16)}`, code: `Custom(${value})` }
    if (name === 'BorshIoError') return { text: 'BorshIoError', code: 'BorshIoError' }
    return { text: name, code: name }
  }
  return { text: 'Unknown', code: 'Unknown' }
}

function json(value: unknown): string {
  return JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? Number(v) : v))
}

/**
 * The chain's error of a landed transaction as a failure reason: an
 * `InstructionError` names the instruction (its index) and its kind
 * (`Instruction 0 failed: custom program error 0x1`, code `Custom(1)`);
 * a transaction-level error (`InsufficientFundsForFee`…) is named as is.
 */
export function solanaFailureReason(err: unknown, logs?: readonly string[]): TransactionFailureReason {
  const raw = logs?.length ? `${json(err)}\n${logs.join('\n')}` : json(err)
  if (err && typeof err === 'object' && 'InstructionError' in err) {
    const [index, kind] = (err as { InstructionError: [number | bigint, unknown] }).InstructionError
    const { text, code } = instructionKind(kind)
    return { message: `Instruction ${Number(index)} failed: ${text}`, code, raw }
  }
  const { text, code } = instructionKind(err)
  return { message: `Transaction failed: ${text}`, code, raw }
}

interface WaitParams {
  rpc: Rpc<SolanaRpcApi>
  network: Network
  hash: string
  commitment: Commitment
  /** The blockhash life of a transaction this adapter built (absent: unknown, wait until the time-out). */
  lifetime?: BlockhashLifetime
  timeoutMs?: number
  signal?: AbortSignal
  onUpdate?: (outcome: TransactionOutcome) => void
  pollMs?: number
}

const BASE58_SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/

/**
 * Follows a signature to its outcome by its status (`getSignatureStatuses`)
 * at the adapter's commitment: an error → `failed` with the instruction
 * error, none → `succeeded` with the slot and the fee charged
 * (`getTransaction`). While unknown to the cluster, a transaction whose
 * blockhash this adapter knows is `dropped` ("blockhash expired") once the
 * block height passes its `lastValidBlockHeight`; otherwise `pending` at the
 * time-out. Rejects only when the RPC never answers (`NetworkRequestError`).
 */
export async function waitForSolanaTransaction(p: WaitParams): Promise<TransactionOutcome> {
  const { hash } = p
  if (typeof hash !== 'string' || !BASE58_SIGNATURE.test(hash))
    throw new PorticoError('Invalid transaction hash', { code: 'INVALID_HASH', details: String(hash) })
  const deadline = Date.now() + (p.timeoutMs ?? DEFAULT_WAIT_MS)
  let answered = false
  let lastError: unknown
  let reported: string | undefined
  const update = (o: TransactionOutcome) => {
    const key = json(o)
    if (key === reported) return
    reported = key
    p.onUpdate?.(o)
  }
  for (;;) {
    if (p.signal?.aborted) break
    try {
      const outcome = await poll(p)
      answered = true
      if (outcome.status !== 'pending') return outcome
      update(outcome)
    } catch (e) {
      lastError = e
    }
    if (Date.now() >= deadline) break
    await sleep(p.pollMs ?? POLL_MS, p.signal)
  }
  if (!answered && lastError !== undefined)
    throw new NetworkRequestError({ cause: lastError, details: `${p.network.caipNetworkId}: ${hash}` })
  return { status: 'pending', hash, stage: 'submitted' }
}

async function poll(p: WaitParams): Promise<TransactionOutcome> {
  const { rpc, hash, commitment } = p
  const kit = await import('@solana/kit')
  const signature = kit.signature(hash)
  const { value } = await rpc.getSignatureStatuses([signature], { searchTransactionHistory: true }).send()
  const status = value[0]
  if (status) {
    const reached = status.confirmationStatus ? RANK[status.confirmationStatus] >= RANK[commitment] : false
    if (!reached) return { status: 'pending', hash, stage: 'submitted' }
    const landed = await readLanded(p)
    const block = status.slot.toString()
    if (status.err) {
      return {
        status: 'failed',
        hash,
        reason: solanaFailureReason(status.err, landed?.logs),
        block,
        ...(landed ? { fee: landed.fee } : {}),
      }
    }
    return { status: 'succeeded', hash, block, ...(landed ? { fee: landed.fee } : {}) }
  }
  if (p.lifetime && (await expired(rpc, p.lifetime, commitment))) {
    // It may have landed in the last block: ask once more before calling it dropped.
    const again = await rpc.getSignatureStatuses([signature], { searchTransactionHistory: true }).send()
    if (!again.value[0]) return { status: 'dropped', hash, reason: 'blockhash expired' }
  }
  return { status: 'pending', hash, stage: 'submitted' }
}

/** Past its last valid block height, or (height unknown) a blockhash the cluster no longer accepts. */
async function expired(rpc: Rpc<SolanaRpcApi>, life: BlockhashLifetime, commitment: Commitment) {
  if (life.lastValidBlockHeight !== undefined)
    return (await rpc.getBlockHeight({ commitment }).send()) > life.lastValidBlockHeight
  const kit = await import('@solana/kit')
  const { value } = await rpc.isBlockhashValid(kit.blockhash(life.blockhash), { commitment }).send()
  return !value
}

/** The fee charged and the logs of a landed transaction (`getTransaction`), when the node still has it. */
async function readLanded(p: WaitParams): Promise<{ fee: FeeEstimate; logs: string[] } | undefined> {
  const kit = await import('@solana/kit')
  const tx = await p.rpc
    .getTransaction(kit.signature(p.hash), {
      commitment: p.commitment === 'processed' ? 'confirmed' : p.commitment,
      maxSupportedTransactionVersion: 0,
      encoding: 'json',
    })
    .send()
  if (!tx?.meta) return undefined
  const { decimals, symbol } = p.network.nativeCurrency
  const value = BigInt(tx.meta.fee)
  return {
    fee: { value, decimals, symbol, formatted: formatBalance(formatUnits(value, decimals)) },
    logs: [...(tx.meta.logMessages ?? [])],
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    signal?.addEventListener('abort', done, { once: true })
  })
}
