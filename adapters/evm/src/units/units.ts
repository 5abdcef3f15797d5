// viem's unit conversion (same rules and rounding), written here so the
// adapter's synchronous `parseUnits` / `formatUnits` need no viem on the first load.

const DECIMAL = /^-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/

function checkDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0) {
    throw new RangeError(`\`decimals\` must be a non-negative integer. Got \`${decimals}\`.`)
  }
}

/**
 * Integer units → decimal string, trailing zeros dropped (viem's `formatUnits`).
 *
 * @example
 * formatUnits(1_500_000n, 6) // '1.5'
 */
export function formatUnits(value: bigint, decimals: number): string {
  checkDecimals(decimals)
  let display = value.toString()
  const negative = display.startsWith('-')
  if (negative) display = display.slice(1)
  display = display.padStart(decimals, '0')
  const integer = display.slice(0, display.length - decimals)
  const fraction = display.slice(display.length - decimals).replace(/(0+)$/, '')
  return `${negative ? '-' : ''}${integer || '0'}${fraction ? `.${fraction}` : ''}`
}

/** Adds 1 to a digit string; one digit longer when the carry overflows. */
function carry(digits: string): string {
  const out = digits.split('')
  for (let i = out.length - 1; i >= 0; i--) {
    const d = Number(out[i]) + 1
    if (d < 10) {
      out[i] = String(d)
      return out.join('')
    }
    out[i] = '0'
  }
  return `1${out.join('')}`
}

/**
 * Decimal string → integer units (viem's `parseUnits`): extra fraction digits
 * are rounded half away from zero; anything but a plain decimal number throws.
 *
 * @example
 * parseUnits('1.5', 6) // 1500000n
 */
export function parseUnits(value: string, decimals: number): bigint {
  checkDecimals(decimals)
  if (typeof value !== 'string' || !DECIMAL.test(value)) {
    throw new SyntaxError(`Value \`${String(value)}\` is not a valid decimal number.`)
  }
  let [integer = '', fraction = '0'] = value.split('.')
  const negative = integer.startsWith('-')
  if (negative) integer = integer.slice(1)
  if (integer === '') integer = '0'
  fraction = fraction.replace(/(0+)$/, '')
  if (decimals === 0) {
    if (fraction.length > 0 && Number(fraction[0]) >= 5) integer = `${BigInt(integer) + 1n}`
    fraction = ''
  } else if (fraction.length > decimals) {
    const left = fraction.slice(0, decimals)
    if (Number(fraction[decimals]) >= 5) {
      const carried = carry(left)
      if (carried.length > decimals) {
        fraction = carried.slice(1)
        integer = `${BigInt(integer) + 1n}`
      } else {
        fraction = carried
      }
    } else {
      fraction = left
    }
  } else {
    fraction = fraction.padEnd(decimals, '0')
  }
  return BigInt(`${negative ? '-' : ''}${integer}${fraction}`)
}

/** A non-negative integer as an EIP-1193 hex quantity (`0x` + lowercase hex, no padding). */
export function toHexQuantity(value: number | bigint): `0x${string}` {
  if (value < 0) throw new RangeError(`a hex quantity cannot be negative, got ${value}`)
  return `0x${value.toString(16)}`
}
