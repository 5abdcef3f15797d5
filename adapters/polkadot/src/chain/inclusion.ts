import type { ApiPromise } from '@polkadot/api'
import {
  type Balance,
  formatBalance,
  formatUnits,
  NetworkRequestError,
  PorticoError,
  type TransactionFailureReason,
  type TransactionOutcome,
} from '@portico/core'
import type { PolkadotNetwork } from '../networks/index.js'
import { nativeToken } from './balance.js'

/** How long `waitForInclusion` looks before answering `pending`. */
export const INCLUSION_TIMEOUT_MS = 120_000
const POLL_MS = 300

interface EventRecordLike {
  phase: { isApplyExtrinsic: boolean; asApplyExtrinsic: { toNumber(): number } }
  event: { section: string; method: string; data: unknown[] }
}

/**
 * Waits until the extrinsic `hash` is in a block from `fromBlock` on, by
 * reading blocks (not by a submit-and-watch subscription, whose notices a
 * node may send before the client knows the subscription), then reads that
 * block's events: `ExtrinsicSuccess` → `succeeded`, `ExtrinsicFailed` →
 * `failed` with the dispatch error by module name (`Balances.InsufficientBalance`);
 * both with the fee paid (`TransactionFeePaid`, where the runtime emits it).
 * Not in a block within `timeoutMs` → `pending`. Rejects only when the node
 * never answers (`NetworkRequestError`).
 */
export async function waitForInclusion(
  api: ApiPromise,
  network: PolkadotNetwork,
  hash: string,
  fromBlock: number,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<TransactionOutcome> {
  const deadline = Date.now() + (options.timeoutMs ?? INCLUSION_TIMEOUT_MS)
  let next = Math.max(0, fromBlock)
  let answered = false
  let lastError: unknown
  for (;;) {
    if (options.signal?.aborted) break
    try {
      const head = (await api.rpc.chain.getHeader()).number.toNumber()
      answered = true
      for (; next <= head; next++) {
        const blockHash = await api.rpc.chain.getBlockHash(next)
        const block = await api.rpc.chain.getBlock(blockHash)
        const index = block.block.extrinsics.findIndex((ex) => ex.hash.toHex() === hash)
        if (index >= 0) return await outcome(api, network, hash, blockHash.toHex(), next, index)
      }
    } catch (e) {
      if (e instanceof PorticoError) throw e
      lastError = e
    }
    if (Date.now() >= deadline) break
    await new Promise((r) => setTimeout(r, POLL_MS))
  }
  if (!answered && lastError !== undefined) throw new NetworkRequestError({ cause: lastError, details: hash })
  return { status: 'pending', hash, stage: 'submitted' }
}

async function outcome(
  api: ApiPromise,
  network: PolkadotNetwork,
  hash: string,
  blockHash: string,
  blockNumber: number,
  index: number,
): Promise<TransactionOutcome> {
  const at = await api.at(blockHash)
  const events = (await at.query.system!.events!()) as unknown as EventRecordLike[]
  const own = events.filter((e) => e.phase.isApplyExtrinsic && e.phase.asApplyExtrinsic.toNumber() === index)
  const fee = feePaid(api, network, own)
  const common = { hash, block: String(blockNumber), ...(fee ? { fee } : {}) }
  for (const { event } of own) {
    if (event.section !== 'system') continue
    if (event.method === 'ExtrinsicSuccess') return { status: 'succeeded', ...common }
    if (event.method === 'ExtrinsicFailed')
      return { status: 'failed', ...common, reason: dispatchFailure(api, event.data[0]) }
  }
  throw new PorticoError('The transaction outcome is unknown', {
    code: 'TRANSACTION_OUTCOME_UNKNOWN',
    details: `no ExtrinsicSuccess/Failed event for ${hash} in ${blockHash}`,
  })
}

/** `transactionPayment.TransactionFeePaid` (who, actualFee, tip) of the extrinsic, when the runtime emits it. */
function feePaid(api: ApiPromise, network: PolkadotNetwork, events: EventRecordLike[]): Balance | undefined {
  const paid = events.find(
    (e) => e.event.section === 'transactionPayment' && e.event.method === 'TransactionFeePaid',
  )
  if (!paid) return undefined
  const [, actual, tip] = paid.event.data as { toString(): string }[]
  const value = BigInt(actual?.toString() ?? '0') + BigInt(tip?.toString() ?? '0')
  const { decimals, symbol } = nativeToken(api, network)
  return { value, decimals, symbol, formatted: formatBalance(formatUnits(value, decimals)) }
}

interface DispatchErrorLike {
  isModule?: boolean
  asModule?: unknown
  type?: string
  toJSON?: () => unknown
}

/** A dispatch error by module name (`Balances.InsufficientBalance`, from the metadata), else its kind. */
export function dispatchFailure(api: ApiPromise, raw: unknown): TransactionFailureReason {
  const error = raw as DispatchErrorLike | undefined
  const json = JSON.stringify(error?.toJSON?.() ?? null)
  if (error?.isModule) {
    try {
      const meta = api.registry.findMetaError(
        error.asModule as Parameters<typeof api.registry.findMetaError>[0],
      )
      const name = `${meta.section.charAt(0).toUpperCase()}${meta.section.slice(1)}.${meta.name}`
      const docs = meta.docs.join(' ').trim()
      return { message: docs ? `${name}: ${docs}` : name, code: name, raw: json }
    } catch {
      // An error index the metadata does not know: named by its kind below.
    }
  }
  const kind = error?.type ?? 'Unknown'
  return { message: `Dispatch failed: ${kind}`, code: kind, raw: json }
}
