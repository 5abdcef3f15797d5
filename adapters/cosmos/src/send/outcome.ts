import {
  type Balance,
  NetworkRequestError,
  PorticoError,
  type TransactionFailureReason,
  type TransactionOutcome,
} from '@portico/core'
import { formatDisplay } from '../balances/index.js'
import type { CosmosNetwork } from '../networks/index.js'

/** How long `waitForTransaction` looks for a block with the transaction by default. */
export const DEFAULT_WAIT_MS = 60_000
const POLL_MS = 300

/** An indexed transaction's result as CometBFT's `tx_search` reports it. */
export interface DeliveredTx {
  height: number
  tx: Uint8Array
  result: { code: number; codespace?: string; log?: string; gasUsed: bigint; gasWanted: bigint }
}

/**
 * A non-zero ABCI code as a failure reason: the log the chain wrote
 * (`spendable balance … is smaller than …: insufficient funds`), the code,
 * and the codespace (`sdk`, `wasm`…) beside it.
 */
export function cosmosFailureReason(result: DeliveredTx['result']): TransactionFailureReason {
  const codespace = result.codespace || 'unknown'
  const log = (result.log ?? '').split('\n')[0]!.slice(0, 300)
  return {
    message: log
      ? `${log} (${codespace} code ${result.code})`
      : `Failed with ${codespace} code ${result.code}`,
    code: result.code,
    raw: JSON.stringify({ code: result.code, codespace: result.codespace ?? '', raw_log: result.log ?? '' }),
  }
}

/** The fee the transaction paid in the network's fee coin (its `AuthInfo.fee`: the chain keeps it all). */
async function paidFee(network: CosmosNetwork, tx: Uint8Array): Promise<Balance | undefined> {
  const { decodeTxRaw } = await import('@cosmjs/proto-signing')
  const coin = network.cosmos.currencies[0]!
  const paid = decodeTxRaw(tx).authInfo.fee?.amount.find((c) => c.denom === coin.denom)
  if (!paid) return undefined
  const value = BigInt(paid.amount)
  return {
    value,
    decimals: coin.decimals,
    symbol: coin.symbol,
    formatted: formatDisplay(value, coin.decimals),
  }
}

/**
 * Looks for the transaction in the chain's tx index (`tx.hash='…'`) until a
 * block has it: code 0 → `succeeded`, any other code → `failed` with the
 * code, codespace and log; both with the block height and the fee paid.
 * Not in a block when `timeoutMs` runs out → `pending`. Rejects only when the
 * node never answers (`NetworkRequestError`).
 */
export async function waitForCosmosOutcome(params: {
  search: (query: string) => Promise<readonly DeliveredTx[]>
  network: CosmosNetwork
  hash: string
  timeoutMs?: number
  signal?: AbortSignal
  pollMs?: number
}): Promise<TransactionOutcome> {
  const { hash, network } = params
  if (typeof hash !== 'string' || !/^[0-9A-Fa-f]{64}$/.test(hash))
    throw new PorticoError('Invalid transaction hash', {
      code: 'INVALID_HASH',
      details: String(hash).slice(0, 80),
    })
  const id = hash.toUpperCase()
  const deadline = Date.now() + (params.timeoutMs ?? DEFAULT_WAIT_MS)
  let answered = false
  let lastError: unknown
  for (;;) {
    if (params.signal?.aborted) break
    try {
      const [found] = await params.search(`tx.hash='${id}'`)
      answered = true
      if (found) {
        const fee = await paidFee(network, found.tx)
        const common = { hash: id, block: String(found.height), ...(fee ? { fee } : {}) }
        return found.result.code === 0
          ? { status: 'succeeded', ...common }
          : { status: 'failed', ...common, reason: cosmosFailureReason(found.result) }
      }
    } catch (e) {
      lastError = e
    }
    if (Date.now() >= deadline) break
    await new Promise((r) => setTimeout(r, params.pollMs ?? POLL_MS))
  }
  if (!answered && lastError !== undefined)
    throw new NetworkRequestError({ cause: lastError, details: `${network.caipNetworkId}: ${id}` })
  return { status: 'pending', hash: id, stage: 'submitted' }
}
