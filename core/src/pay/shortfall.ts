import type { Balance, FeeEstimate } from '../contracts/index.js'
import { formatUnits } from '../utils/index.js'

/** What is missing, in one currency: integer units, symbol, decimals and exact decimal text. */
export interface Shortfall {
  value: bigint
  symbol: string
  decimals: number
  formatted: string
}

/**
 * What the paying account lacks, or undefined when it holds enough. A native
 * payment needs the amount plus the fee in the native currency; a token
 * payment needs the amount in the token (when its balance is known) and the
 * fee in the native currency.
 */
export function shortfallOf(params: {
  units: bigint
  asset: { token?: string; symbol: string; decimals: number }
  fee: FeeEstimate | undefined
  held: { native: Balance; asset: bigint | undefined }
}): Shortfall | undefined {
  const { units, asset, fee, held } = params
  const feeValue = fee?.value ?? 0n
  const missing = (value: bigint, symbol: string, decimals: number): Shortfall => ({
    value,
    symbol,
    decimals,
    formatted: formatUnits(value, decimals),
  })
  if (asset.token === undefined) {
    const need = units + feeValue
    return held.native.value < need
      ? missing(need - held.native.value, asset.symbol, asset.decimals)
      : undefined
  }
  if (held.asset !== undefined && held.asset < units)
    return missing(units - held.asset, asset.symbol, asset.decimals)
  if (held.native.value < feeValue)
    return missing(feeValue - held.native.value, held.native.symbol, held.native.decimals)
  return undefined
}
