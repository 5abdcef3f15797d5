// Numbers, fiat and dates in the visitor's locale through Intl, on top of SPEC §5's rules:
// token amounts are truncated (never rounded) to 3 decimals by core's `formatBalance` first, and
// fiat is fixed to 2 decimals by core's `formatFiat` first; Intl only writes the digits, the
// decimal separator and the currency sign the locale uses.
import { formatBalance, formatFiat } from '@portico/core'
import { useMemo } from 'react'
import { useLocale } from '../i18n/index.js'

const cache = new Map<string, Intl.NumberFormat>()
function numberFormat(locale: string, key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `${locale}|${key}`
  let nf = cache.get(id)
  if (!nf) {
    try {
      nf = new Intl.NumberFormat(locale, options)
    } catch {
      nf = new Intl.NumberFormat('en', options)
    }
    cache.set(id, nf)
  }
  return nf
}

/** Writes a decimal string (`-12.340`) with the locale's digits and separator, digits kept exactly. */
function writeDecimal(locale: string, text: string, fraction: number, grouping: boolean): string {
  const nf = numberFormat(locale, `d${fraction}${grouping ? 'g' : ''}`, {
    minimumFractionDigits: fraction,
    maximumFractionDigits: fraction,
    useGrouping: grouping,
  })
  // A decimal string keeps every digit (Intl.NumberFormat v3); a Number would lose big values.
  return nf.format(text as unknown as number)
}

/**
 * A token amount: truncated to 3 decimals (SPEC §5, `0.000` by default), then written the locale's
 * way without grouping (`10000.123` en, `10000,123` es, `١٠٠٠٠٫١٢٣` ar).
 */
export function formatTokenAmountIn(locale: string, value: string | number | undefined): string {
  return writeDecimal(locale, formatBalance(value), 3, false)
}

/** A USD value at 2 decimals (SPEC §5) in the locale's currency format (`$1,234.50`, `1234,50 US$`). */
export function formatUsdIn(locale: string, value: number): string {
  const fixed = formatFiat(value)
  const nf = numberFormat(locale, 'usd', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })
  return nf.format(fixed as unknown as number)
}

/** A whole number (counts in "+3 more", "5 min ago") in the locale's digits. */
export function formatIntegerIn(locale: string, value: number): string {
  return numberFormat(locale, 'int', { maximumFractionDigits: 0 }).format(value)
}

/** A short date (`Nov 3`; with the year when not this year) in the locale. */
export function formatShortDateIn(locale: string, date: Date, withYear: boolean): string {
  const options: Intl.DateTimeFormatOptions = {
    month: 'short',
    day: 'numeric',
    ...(withYear ? { year: 'numeric' } : {}),
  }
  try {
    return new Intl.DateTimeFormat(locale, options).format(date)
  } catch {
    return new Intl.DateTimeFormat('en', options).format(date)
  }
}

/** A date with its time of day (`Nov 25, 2026, 5:12 AM`), for moments within a day like an expiry. */
export function formatDateTimeIn(locale: string, date: Date): string {
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }
  try {
    return new Intl.DateTimeFormat(locale, options).format(date)
  } catch {
    return new Intl.DateTimeFormat('en', options).format(date)
  }
}

/** Formatters bound to the nearest locale. */
export interface Formatters {
  locale: string
  tokenAmount(value: string | number | undefined): string
  usd(value: number): string
  integer(value: number): string
  shortDate(date: Date, withYear: boolean): string
  dateTime(date: Date): string
}

/** The formatters of the nearest locale (see `PorticoProvider`'s `locale`). */
export function useFormat(): Formatters {
  const { locale } = useLocale()
  return useMemo(() => formattersFor(locale), [locale])
}

export function formattersFor(locale: string): Formatters {
  return {
    locale,
    tokenAmount: (v) => formatTokenAmountIn(locale, v),
    usd: (v) => formatUsdIn(locale, v),
    integer: (v) => formatIntegerIn(locale, v),
    shortDate: (d, y) => formatShortDateIn(locale, d, y),
    dateTime: (d) => formatDateTimeIn(locale, d),
  }
}
