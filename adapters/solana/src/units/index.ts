import { BALANCE_DECIMALS, InvalidDecimalNumberError } from '@portico/core'

/**
 * Decimal string → integer units (`parseUnits('1.5', 9)` → `1500000000n`).
 * Extra fractional digits are truncated, never rounded.
 */
export function parseUnits(value: string, decimals: number): bigint {
  const match = /^(-)?(\d*)(?:\.(\d*))?$/.exec(value.trim())
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new InvalidDecimalNumberError(value)
  const [, sign, whole = '', fraction = ''] = match
  const units =
    BigInt(whole || '0') * 10n ** BigInt(decimals) +
    BigInt((fraction.slice(0, decimals) || '0').padEnd(decimals, '0'))
  return sign ? -units : units
}

/** Integer units → decimal string without trailing zeros (`formatUnits(1500000000n, 9)` → `'1.5'`). */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = decimals === 0 ? digits : digits.slice(0, -decimals)
  const fraction = decimals === 0 ? '' : digits.slice(-decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/** SPEC §5: truncated (not rounded) to 3 decimals, always showing 3 (`10000.000`). */
export function formatBalanceUnits(value: bigint, decimals: number): string {
  const [whole, fraction = ''] = formatUnits(value, decimals).split('.')
  return `${whole}.${fraction.slice(0, BALANCE_DECIMALS).padEnd(BALANCE_DECIMALS, '0')}`
}
