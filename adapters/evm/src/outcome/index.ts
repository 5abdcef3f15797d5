import type { CaipNetworkId, TransactionOutcome } from '@portico/core'
import type { Hex } from 'viem'
import type { EvmClients } from '../adapter-clients.js'

/**
 * How long `waitForTransaction` waits for a receipt before it answers
 * `pending` (ms), when the caller gives no `timeoutMs`: a few minutes covers
 * a congested mainnet block; the transaction may still be included later.
 */
export const EVM_OUTCOME_TIMEOUT_MS = 180_000

/**
 * The EVM adapter's `waitForTransaction`: the chain's outcome of a sent
 * transaction (see `followReceipt`). viem and the decoder load on first use.
 *
 * @example
 * const outcome = await adapter.waitForTransaction({ hash, caipNetworkId: 'eip155:1' })
 * if (outcome.status === 'failed') console.log(outcome.reason.message) // 'ERC20InsufficientBalance(…)'
 */
export async function waitForEvmOutcome(
  clients: EvmClients,
  params: { hash: string; caipNetworkId: CaipNetworkId; timeoutMs?: number; signal?: AbortSignal },
): Promise<TransactionOutcome> {
  const network = clients.networkOf(params.caipNetworkId)
  const [client, { followReceipt }] = await Promise.all([
    clients.clientOf(params.caipNetworkId),
    import('./receipt.js'),
  ])
  return followReceipt(client, network, {
    hash: params.hash as Hex,
    timeoutMs: params.timeoutMs ?? EVM_OUTCOME_TIMEOUT_MS,
    ...(params.signal ? { signal: params.signal } : {}),
  })
}
