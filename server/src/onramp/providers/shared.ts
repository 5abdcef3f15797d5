import type { OnrampPaymentCurrency } from '@portico/core'
import type { PaymentCurrencyConfig } from '../config.js'
import { ProviderError } from '../types.js'

/** Portico payment-method ids (SPEC §5) ↔ what the providers call them. */
export const METHOD_NAMES = {
  coinbase: { card: 'CARD', ach_bank_account: 'ACH_BANK_ACCOUNT' },
  moonpay: { card: 'credit_debit_card', ach_bank_account: 'ach_bank_transfer' },
  transak: { card: 'credit_debit_card', ach_bank_account: 'pm_us_wire_bank_transfer' },
  meld: { card: 'CARD', ach_bank_account: 'ACH' },
} as const

export function methodName(provider: keyof typeof METHOD_NAMES, method: string): string {
  const names = METHOD_NAMES[provider] as Record<string, string>
  const name = names[method]
  if (!name) throw new ProviderError(provider, `payment method ${method} is not mapped`)
  return name
}

/** The configured limits as SPEC §3 payment currencies (a fresh copy). */
export function configuredCurrencies(c: readonly PaymentCurrencyConfig[]): OnrampPaymentCurrency[] {
  return c.map((p) => ({ id: p.id, payment_method_limits: p.payment_method_limits.map((l) => ({ ...l })) }))
}

/**
 * A widget URL a provider's API handed back is opened by the visitor, so it
 * must be https (or loopback http, for local fakes) on one of the provider's
 * known hosts.
 */
export function checkWidgetUrl(provider: string, value: unknown, hosts: readonly string[]): string {
  if (typeof value !== 'string') throw new ProviderError(provider, 'answer has no widget URL')
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new ProviderError(provider, 'widget URL is not a URL')
  }
  const loopback = url.protocol === 'http:' && url.hostname === '127.0.0.1'
  if ((url.protocol !== 'https:' && !loopback) || !hosts.includes(url.hostname)) {
    throw new ProviderError(provider, `widget URL host ${url.hostname} is not on the allowlist`)
  }
  return url.toString()
}

/** A decimal amount from a provider answer (number or string) as a string. */
export function amountOf(provider: string, value: unknown, what: string): string {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return String(value)
  if (typeof value === 'string' && /^[0-9]+(\.[0-9]+)?$/.test(value)) return value
  throw new ProviderError(provider, `answer has no valid ${what}`)
}
