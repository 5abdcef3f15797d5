/**
 * Number formatting (SPEC §5) on a 20-decimal-place decimal library (SPEC §9).
 */
import Big, { type BigConstructor, type Big as BigNumber } from 'big.js'
import { BALANCE_DECIMALS, DECIMAL_PLACES, FIAT_DECIMALS } from '../constants/index.js'
import { InvalidDecimalNumberError } from '../errors/catalogue.js'

let decimal: BigConstructor | undefined
/** A private big.js constructor (DP 20) so no global big.js setting is changed. Created on first use. */
function Decimal(): BigConstructor {
  if (!decimal) {
    decimal = Big()
    decimal.DP = DECIMAL_PLACES
    decimal.RM = Big.roundHalfUp
  }
  return decimal
}

export type Numeric = string | number | bigint

/** big.js refuses huge exponents anyway; this keeps `toFixed` output bounded. */
const MAX_EXPONENT = 1_000

function toDecimal(value: unknown): BigNumber | undefined {
  if (typeof value === 'bigint') return Decimal()(value.toString())
  if (typeof value === 'number' && !Number.isFinite(value)) return undefined
  if (typeof value !== 'number' && typeof value !== 'string') return undefined
  const text = typeof value === 'string' ? value.trim() : value
  if (text === '') return undefined
  try {
    const d = Decimal()(text)
    return Math.abs(d.e) > MAX_EXPONENT ? undefined : d
  } catch {
    return undefined
  }
}

/** `toFixed` can give "-0.000" for small negatives: drop the sign then. */
function fixed(d: BigNumber, dp: number, rm: 0 | 1): string {
  const s = d.round(dp, rm).toFixed(dp)
  return /^-0\.?0*$/.test(s) ? s.slice(1) : s
}

/**
 * SPEC §5: a token balance truncated (not rounded) to 3 decimals, `0.000` when
 * the value is missing or not a number. With a symbol: `"1.234 ETH"`.
 *
 * @example
 * formatBalance('1.23999', 'ETH') // '1.239 ETH'
 * formatBalance(undefined)        // '0.000'
 */
export function formatBalance(value: Numeric | null | undefined, symbol?: string): string {
  const d = toDecimal(value)
  const text = d ? fixed(d, BALANCE_DECIMALS, Big.roundDown) : (0).toFixed(BALANCE_DECIMALS)
  return symbol ? `${text} ${symbol}` : text
}

/**
 * SPEC §5: a fiat amount with 2 decimals (rounded half up, as money is shown),
 * `0.00` when missing or not a number.
 *
 * @example
 * formatFiat(1234.567) // '1234.57'
 */
export function formatFiat(value: Numeric | null | undefined): string {
  const d = toDecimal(value)
  return d ? fixed(d, FIAT_DECIMALS, Big.roundHalfUp) : (0).toFixed(FIAT_DECIMALS)
}

function checkDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
    throw new RangeError(`decimals must be an integer from 0 to 255, got ${decimals}`)
  }
}

/**
 * Integer units → decimal string, trailing zeros dropped (chain-neutral; the
 * adapters' `formatUnits` may delegate here).
 *
 * @example
 * formatUnits(1_500_000_000_000_000_000n, 18) // '1.5'
 */
export function formatUnits(value: bigint, decimals: number): string {
  checkDecimals(decimals)
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

const DECIMAL_STRING = /^(-)?(\d*)(?:\.(\d*))?$/

/**
 * Decimal string → integer units. Extra fraction digits are truncated (never
 * rounded up, so an amount never grows). Throws `InvalidDecimalNumberError`
 * on anything that is not a plain decimal number.
 *
 * @example
 * parseUnits('1.5', 18) // 1500000000000000000n
 */
export function parseUnits(value: string, decimals: number): bigint {
  checkDecimals(decimals)
  const match = typeof value === 'string' ? DECIMAL_STRING.exec(value.trim()) : null
  const [, sign, whole = '', fraction = ''] = match ?? []
  if (!match || (whole === '' && fraction === '')) throw new InvalidDecimalNumberError(value)
  const units = BigInt(`${whole || '0'}${fraction.slice(0, decimals).padEnd(decimals, '0')}`)
  return sign ? -units : units
}
