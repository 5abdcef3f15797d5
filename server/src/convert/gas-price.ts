import type { GasPriceResponse } from '@portico/core'
import type { Chain } from '../chains/index.js'
import { chainRead } from './dex.js'

const BLOCKS = 10
const PERCENTILES = [25, 50, 90]

/**
 * `{ standard, fast, instant }` in wei per gas, from the chain's fee data: on
 * EIP-1559 chains the next block's base fee plus the 25th / 50th / 90th
 * percentile tip of the last 10 blocks (instant also allows one full block of
 * base-fee growth, 12.5 %); on legacy chains `eth_gasPrice` ×1, ×1.1, ×1.25.
 */
export async function readGasPrice(chain: Chain): Promise<GasPriceResponse> {
  const history = await chainRead(
    chain.client.getFeeHistory({ blockCount: BLOCKS, rewardPercentiles: PERCENTILES, blockTag: 'latest' }),
  ).catch(() => undefined)
  const nextBase = history?.baseFeePerGas.at(-1)
  if (history && nextBase !== undefined && nextBase > 0n) {
    const tip = (i: number) => median((history.reward ?? []).map((r) => r[i] ?? 0n))
    const standard = nextBase + tip(0)
    const fast = max(standard, nextBase + tip(1))
    const instant = max(fast, (nextBase * 1125n) / 1000n + tip(2))
    return { standard: standard.toString(), fast: fast.toString(), instant: instant.toString() }
  }
  const price = await chainRead(chain.client.getGasPrice())
  return {
    standard: price.toString(),
    fast: ((price * 110n) / 100n).toString(),
    instant: ((price * 125n) / 100n).toString(),
  }
}

function median(values: bigint[]): bigint {
  if (values.length === 0) return 0n
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  return sorted[Math.floor(sorted.length / 2)]!
}

const max = (a: bigint, b: bigint) => (a > b ? a : b)
