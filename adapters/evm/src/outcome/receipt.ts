import type { TransactionOutcome } from '@portico/core'
import {
  type Abi,
  type Hex,
  numberToHex,
  type PublicClient,
  type ReplacementReturnType,
  type TransactionReceipt,
  WaitForTransactionReceiptTimeoutError,
} from 'viem'
import { toBalance } from '../balances/index.js'
import type { EvmNetwork } from '../networks/index.js'
import { decodeRevert, revertDataOf } from './decode.js'

export interface FollowReceiptParams {
  hash: Hex
  timeoutMs: number
  signal?: AbortSignal
  /** Custom errors to decode reverts with, beyond Error, Panic and the token standards'. */
  errorAbi?: Abi
}

/** What the receipt says the sender paid: gas used × effective gas price, plus an OP-stack chain's L1 data fee. */
function feeOf(receipt: TransactionReceipt, network: EvmNetwork) {
  const l1Fee = (receipt as { l1Fee?: unknown }).l1Fee
  const charged = receipt.gasUsed * receipt.effectiveGasPrice + (typeof l1Fee === 'bigint' ? l1Fee : 0n)
  return toBalance(charged, network.nativeCurrency.decimals, network.nativeCurrency.symbol)
}

/**
 * Why an included transaction reverted: the call replayed with `eth_call` at
 * the receipt's block (the node does not keep revert data in receipts) and
 * its revert data decoded. A replay that does not revert (the state moved on)
 * or a transaction that used all its gas says so instead.
 */
async function revertReason(client: PublicClient, receipt: TransactionReceipt, errorAbi: Abi | undefined) {
  const tx = await client.getTransaction({ hash: receipt.transactionHash })
  try {
    await client.request({
      method: 'eth_call',
      params: [
        {
          from: tx.from,
          ...(tx.to ? { to: tx.to } : {}),
          data: tx.input,
          value: numberToHex(tx.value),
          gas: numberToHex(tx.gas),
        },
        numberToHex(receipt.blockNumber),
      ],
    })
  } catch (error) {
    const data = revertDataOf(error)
    if (data) return decodeRevert(data, errorAbi)
    if (receipt.gasUsed >= tx.gas) return { message: 'The transaction ran out of gas', code: 'out-of-gas' }
    return decodeRevert(undefined)
  }
  if (receipt.gasUsed >= tx.gas) return { message: 'The transaction ran out of gas', code: 'out-of-gas' }
  return { message: 'The transaction reverted (replaying it no longer reverts, so the reason is unknown)' }
}

/**
 * Follows an EVM transaction with viem's receipt watcher: a receipt with
 * status `success` is `succeeded` (block, fee charged), `reverted` is
 * `failed` with the decoded revert; a transaction another took the place of
 * (same nonce: `replaced`, `cancelled`, or `repriced` by a speed-up) is
 * `dropped` with `replacedBy`; no receipt before `timeoutMs` is `pending`.
 */
export async function followReceipt(
  client: PublicClient,
  network: EvmNetwork,
  params: FollowReceiptParams,
): Promise<TransactionOutcome> {
  const { hash } = params
  let replaced: ReplacementReturnType | undefined
  let receipt: TransactionReceipt
  try {
    receipt = await client.waitForTransactionReceipt({
      hash,
      timeout: params.timeoutMs,
      ...(params.signal ? { signal: params.signal } : {}),
      onReplaced: (replacement) => {
        replaced = replacement as ReplacementReturnType
      },
    })
  } catch (error) {
    if (error instanceof WaitForTransactionReceiptTimeoutError)
      return { status: 'pending', hash, stage: 'submitted' }
    throw error
  }
  if (replaced)
    return {
      status: 'dropped',
      hash,
      replacedBy: replaced.transaction.hash,
      reason: `${replaced.reason} by another transaction with the same nonce`,
    }
  const block = receipt.blockNumber.toString()
  const fee = feeOf(receipt, network)
  if (receipt.status === 'success') return { status: 'succeeded', hash, block, fee }
  return { status: 'failed', hash, block, fee, reason: await revertReason(client, receipt, params.errorAbi) }
}
