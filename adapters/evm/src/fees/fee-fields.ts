import type { PublicClient } from 'viem'

/** The fee fields of a transaction as the wallet receives them: EIP-1559, or a legacy gas price where the chain has no base fee. */
export type EvmFeeFields =
  | { type: 'eip1559'; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }
  | { type: 'legacy'; gasPrice: bigint }

/** Blocks of `eth_feeHistory` the priority fee is taken from. */
export const FEE_HISTORY_BLOCKS = 5
/** The tip percentile read in each of those blocks; the suggestion is the median of the five. */
export const PRIORITY_FEE_PERCENTILE = 50
/**
 * `maxFeePerGas` = this × the next block's base fee + the priority fee. The
 * base fee rises at most 12.5 % per full block (EIP-1559), so twice today's
 * stays valid through six full blocks in a row (1.125^6 ≈ 2.03) — the
 * headroom ethers and most wallets give.
 */
export const BASE_FEE_MULTIPLIER = 2n

/** The price per gas the sender can be charged at most with `fields`. */
export function maxPricePerGas(fields: EvmFeeFields): bigint {
  return fields.type === 'eip1559' ? fields.maxFeePerGas : fields.gasPrice
}

function median(values: readonly bigint[]): bigint {
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  return sorted[Math.floor(sorted.length / 2)] ?? 0n
}

/**
 * Fee fields as wallets compute them. On a chain whose latest block has a
 * base fee: the priority fee is the median of the `PRIORITY_FEE_PERCENTILE`th
 * tip of the last `FEE_HISTORY_BLOCKS` blocks (`eth_feeHistory`), or the
 * node's `eth_maxPriorityFeePerGas` when those blocks carried no tips (empty
 * blocks say nothing about the market), and `maxFeePerGas` is
 * `BASE_FEE_MULTIPLIER` × the next block's base fee + that tip. On a chain
 * without a base fee: the legacy `eth_gasPrice`.
 *
 * @example
 * const fields = await suggestFeeFields(client) // { type: 'eip1559', maxFeePerGas, maxPriorityFeePerGas }
 */
export async function suggestFeeFields(client: PublicClient): Promise<EvmFeeFields> {
  const latest = await client.getBlock({ blockTag: 'latest' })
  if (latest.baseFeePerGas === null || latest.baseFeePerGas === undefined)
    return { type: 'legacy', gasPrice: await client.getGasPrice() }
  const history = await client.getFeeHistory({
    blockCount: FEE_HISTORY_BLOCKS,
    blockTag: 'latest',
    rewardPercentiles: [PRIORITY_FEE_PERCENTILE],
  })
  // The last entry is the base fee of the block after `latest`: the one the transaction lands in at the earliest.
  const nextBaseFee = history.baseFeePerGas.at(-1) ?? latest.baseFeePerGas
  const tips = (history.reward ?? []).map((r) => r[0] ?? 0n)
  let maxPriorityFeePerGas = median(tips)
  if (maxPriorityFeePerGas === 0n) maxPriorityFeePerGas = await client.estimateMaxPriorityFeePerGas()
  return {
    type: 'eip1559',
    maxPriorityFeePerGas,
    maxFeePerGas: nextBaseFee * BASE_FEE_MULTIPLIER + maxPriorityFeePerGas,
  }
}
