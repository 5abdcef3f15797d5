import { type Network, PorticoError, type TransactionOutcome } from '@portico/core'
import type { EsploraClient } from '../esplora/index.js'
import { btcBalance } from './reads.js'

/** How long `waitForTransaction` follows a transaction by default: about one block and a half. */
export const DEFAULT_WAIT_MS = 15 * 60_000
const POLL_MS = 1000

/**
 * Follows a transaction through the Esplora API: `pending` with `stage:
 * 'mempool'` while it waits in the mempool (reported with `onUpdate`), then
 * its confirmations (`onUpdate` per new block) until it has `confirmations`
 * (default 1): `succeeded` with the block height, the confirmations and the
 * fee paid. A transaction seen in the mempool that the API no longer knows
 * unconfirmed is `dropped`; when an output it spent is now spent by another
 * transaction, `replacedBy` names that one ("replaced": RBF or a
 * double-spend). Still unconfirmed when `timeoutMs` runs out → `pending`.
 * Rejects only when the API never answers (its `NetworkRequestError`).
 */
export async function waitForBitcoinTransaction(p: {
  api: EsploraClient
  network: Network
  hash: string
  confirmations?: number
  timeoutMs?: number
  signal?: AbortSignal
  onUpdate?: (outcome: TransactionOutcome) => void
  pollMs?: number
}): Promise<TransactionOutcome> {
  const { api, hash } = p
  if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/.test(hash))
    throw new PorticoError('Invalid transaction hash', { code: 'INVALID_HASH', details: String(hash) })
  const wanted = Math.max(1, Math.floor(p.confirmations ?? 1))
  const deadline = Date.now() + (p.timeoutMs ?? DEFAULT_WAIT_MS)
  let spends: { txid: string; vout: number }[] | undefined
  let answered = false
  let lastError: unknown
  let last: TransactionOutcome = { status: 'pending', hash, stage: 'submitted' }
  const report = (o: TransactionOutcome) => {
    if (JSON.stringify(o) === JSON.stringify(last)) return
    last = o
    p.onUpdate?.(o)
  }
  for (;;) {
    if (p.signal?.aborted) break
    try {
      const status = await api.txStatus(hash)
      answered = true
      if (status?.confirmed) {
        const confirmations = (await api.tipHeight()) - status.blockHeight! + 1
        if (confirmations >= wanted) {
          const { fee } = await api.txSummary(hash)
          return {
            status: 'succeeded',
            hash,
            block: String(status.blockHeight),
            confirmations,
            fee: btcBalance(fee, p.network),
          }
        }
        report({ status: 'pending', hash, stage: 'mempool', confirmations })
      } else if (status) {
        // Its inputs are read while it is known, to name a replacement if it disappears.
        spends ??= (await api.txSummary(hash)).inputs
        report({ status: 'pending', hash, stage: 'mempool', confirmations: 0 })
      } else if (spends) {
        return await dropped(api, hash, spends)
      }
    } catch (e) {
      lastError = e
    }
    if (Date.now() >= deadline) break
    await sleep(p.pollMs ?? POLL_MS, p.signal)
  }
  if (!answered && lastError !== undefined) throw lastError
  return last
}

/** Gone from the mempool unconfirmed: replaced when another transaction now spends one of its inputs. */
async function dropped(
  api: EsploraClient,
  hash: string,
  spends: { txid: string; vout: number }[],
): Promise<TransactionOutcome> {
  for (const input of spends) {
    const out = await api.outspend(input.txid, input.vout)
    if (out.spent && out.txid && out.txid !== hash)
      return { status: 'dropped', hash, replacedBy: out.txid, reason: 'replaced by another transaction' }
  }
  return { status: 'dropped', hash, reason: 'no longer in the mempool' }
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
