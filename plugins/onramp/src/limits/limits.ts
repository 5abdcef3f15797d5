import type { OnrampPaymentCurrency } from '@portico/core'

/** Why an amount cannot be bought; `message` is shown to the visitor as is. */
export interface AmountProblem {
  code: 'empty' | 'format' | 'below_minimum' | 'above_maximum' | 'no_limits'
  message: string
}

const AMOUNT = /^[0-9]{1,9}(\.[0-9]{1,2})?$/

const cents = (amount: string): bigint => {
  const [whole, frac = ''] = amount.split('.')
  return BigInt(whole!) * 100n + BigInt(frac.padEnd(2, '0'))
}

/** The limits of one payment method, or undefined when the currency does not offer it. */
export function methodLimits(
  currency: OnrampPaymentCurrency | undefined,
  method: string,
): { min: string; max: string } | undefined {
  const l = currency?.payment_method_limits.find((x) => x.id === method)
  return l && AMOUNT.test(l.min) && AMOUNT.test(l.max) ? { min: l.min, max: l.max } : undefined
}

/**
 * Checks a typed fiat amount against the payment method's limits (SPEC §5:
 * 10.00 minimum; 7500.00 card, 25000.00 ach_bank_account maximum by
 * default) before anything is requested. Gives undefined when it may be
 * bought.
 *
 * @example
 * checkAmount('5', usd, 'card')?.message // "The minimum is 10.00 USD"
 */
export function checkAmount(
  amount: string,
  currency: OnrampPaymentCurrency | undefined,
  method: string,
): AmountProblem | undefined {
  const value = amount.trim()
  if (value === '') return { code: 'empty', message: 'Enter an amount' }
  if (!AMOUNT.test(value)) {
    return { code: 'format', message: 'Enter an amount like 50 or 49.99 (at most 2 decimals)' }
  }
  const limits = methodLimits(currency, method)
  if (!limits)
    return { code: 'no_limits', message: `${method} is not available for ${currency?.id ?? 'this currency'}` }
  const id = currency!.id
  if (cents(value) < cents(limits.min)) {
    return { code: 'below_minimum', message: `The minimum is ${limits.min} ${id}` }
  }
  if (cents(value) > cents(limits.max)) {
    const label = method === 'card' ? 'card' : method === 'ach_bank_account' ? 'bank transfer' : method
    return { code: 'above_maximum', message: `The maximum by ${label} is ${limits.max} ${id}` }
  }
  return undefined
}
