import { badRequest } from '../http/errors.js'
import type { PaymentCurrencyConfig } from './config.js'

/** A fiat amount: digits with at most 2 decimals (`50`, `50.5`, `7500.00`). */
export const FIAT_AMOUNT = '^[0-9]{1,9}(\\.[0-9]{1,2})?$'

/** Fiat decimal string → integer cents. */
export function toCents(amount: string): bigint {
  const [whole, frac = ''] = amount.split('.')
  return BigInt(whole!) * 100n + BigInt(frac.padEnd(2, '0'))
}

/** Integer cents → `12.34`. */
export function fromCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : ''
  const abs = cents < 0n ? -cents : cents
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`
}

/**
 * Checks a fiat amount against the payment method's limits (SPEC §5: 10.00
 * minimum; 7500.00 card / 25000.00 ach_bank_account maximum by default).
 * Throws a 400 `amount_below_minimum` / `amount_above_maximum` /
 * `unsupported_payment_method` / `unsupported_payment_currency`.
 */
export function checkLimits(
  currencies: readonly PaymentCurrencyConfig[],
  paymentCurrency: string,
  paymentMethod: string,
  amount: string,
): void {
  const currency = currencies.find((c) => c.id === paymentCurrency.toUpperCase())
  if (!currency) {
    throw badRequest(`Payment currency ${paymentCurrency} is not offered`, 'unsupported_payment_currency')
  }
  const limit = currency.payment_method_limits.find((l) => l.id === paymentMethod)
  if (!limit) {
    throw badRequest(`Payment method ${paymentMethod} is not offered`, 'unsupported_payment_method')
  }
  const cents = toCents(amount)
  if (cents < toCents(limit.min)) {
    throw badRequest(
      `The minimum for ${paymentMethod} is ${limit.min} ${currency.id}`,
      'amount_below_minimum',
    )
  }
  if (cents > toCents(limit.max)) {
    throw badRequest(
      `The maximum for ${paymentMethod} is ${limit.max} ${currency.id}`,
      'amount_above_maximum',
    )
  }
}

/** `amount / price` as a decimal string truncated to `decimals` places (never rounded up). */
export function divide(amountCents: bigint, price: number, decimals: number): string {
  if (amountCents <= 0n) return '0'
  // Price as a fixed-point integer with 8 decimals keeps the division exact enough for fiat prices.
  const priceE8 = BigInt(Math.round(price * 1e8))
  const scale = 10n ** BigInt(decimals)
  const units = (amountCents * 1_000_000n * scale) / priceE8 // cents·1e6/1e8 = whole units
  const whole = units / scale
  const frac = (units % scale).toString().padStart(decimals, '0').replace(/0+$/, '')
  return frac ? `${whole}.${frac}` : `${whole}`
}
