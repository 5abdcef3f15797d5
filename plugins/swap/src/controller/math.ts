import { formatUnits, parseUnits } from '@portico/core'

/** The CAIP-10 marker of a chain's native currency in swap token lists. */
export const NATIVE_MARKER = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** True for `<caip2>:0xeeee…eeee` (or `<caip2>:native`). */
export function isNativeToken(caip10: string): boolean {
  const address = caip10.split(':')[2]?.toLowerCase()
  return address === NATIVE_MARKER || address === 'native'
}

/** A user-typed amount in integer units, or undefined when it is not a positive decimal. */
export function toUnits(amount: string, decimals: number): bigint | undefined {
  const text = amount.trim()
  if (!/^(\d+\.?\d*|\.\d+)$/.test(text)) return undefined
  try {
    const units = parseUnits(text, decimals)
    return units > 0n ? units : undefined
  } catch {
    return undefined
  }
}

/** Integer units → a decimal string (full precision). */
export function fromUnits(units: bigint, decimals: number): string {
  return formatUnits(units, decimals)
}

/** The least output accepted at `slippage` percent, in basis points as the gateway computes it. */
export function minimumReceived(toAmount: bigint, slippage: number): bigint {
  return (toAmount * (10_000n - BigInt(Math.round(slippage * 100)))) / 10_000n
}

/**
 * Price impact in percent: how much less the output is worth than the input
 * at the USD prices (pool fee included), or undefined without both prices.
 */
export function priceImpact(
  fromAmount: number,
  fromPrice: number | undefined,
  toAmount: number,
  toPrice: number | undefined,
): number | undefined {
  if (!fromPrice || !toPrice || fromAmount <= 0) return undefined
  const inUsd = fromAmount * fromPrice
  return Math.max(0, ((inUsd - toAmount * toPrice) / inUsd) * 100)
}

/**
 * A number for display with at most `maxDecimals` decimals (4 from 1 up), never in exponent form,
 * written the way `locale` writes numbers (`1,234.5` en-US, `1.234,5` es, `١٬٢٣٤٫٥` ar).
 */
export function displayAmount(value: string | number, maxDecimals = 6, locale = 'en-US'): string {
  const n = typeof value === 'number' ? value : Number(value)
  if (!Number.isFinite(n)) return String(value)
  if (n === 0) return '0'
  const decimals = n >= 1 ? Math.min(maxDecimals, 4) : maxDecimals
  // Grouping as the locale does it (`1,234.5` en, `1234,5` but `12.345,5` es).
  const options = { maximumFractionDigits: decimals }
  try {
    return n.toLocaleString(locale, options)
  } catch {
    // An unknown or malformed tag: the numbers still show, in English.
    return n.toLocaleString('en-US', options)
  }
}

/** Slippage the user may set: 0.01 to 50 percent. */
export function isValidSlippage(value: number): boolean {
  return Number.isFinite(value) && value >= 0.01 && value <= 50
}
