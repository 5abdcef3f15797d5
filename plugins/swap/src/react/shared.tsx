import type { Portico } from '@portico/core'
import { useFormat, usePortico } from '@portico/react'
import { useMemo, useSyncExternalStore } from 'react'
import {
  displayAmount,
  fromUnits,
  getSwapController,
  type SwapController,
  type SwapState,
  type SwapTokenInfo,
} from '../controller/index.js'

/** The swap flow of the nearest `PorticoProvider`'s instance and its state; throws when the plugin is absent. */
export function useSwap(): { portico: Portico; controller: SwapController; state: SwapState } {
  const portico = usePortico()
  const controller = getSwapController(portico)
  if (!controller) throw new Error('swapPlugin() is not installed on this Portico instance')
  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState)
  return { portico, controller, state }
}

/** `12.5 USDC` from integer units (display precision). */
export function tokenAmount(
  units: bigint | undefined,
  token: SwapTokenInfo | undefined,
  locale = 'en-US',
): string {
  if (units === undefined || !token) return ''
  return `${displayAmount(fromUnits(units, token.decimals), 6, locale)} ${token.symbol}`
}

/** The swap views' numbers in the visitor's locale (the provider's `locale`). */
export interface SwapAmounts {
  locale: string
  /** A plain amount (`1,234.5` en-US, `1.234,5` es). */
  amount(value: string | number): string
  /** Integer units of a token with its symbol (`0.5 ETH`). */
  token(units: bigint | undefined, token: SwapTokenInfo | undefined): string
  /** USD at 2 decimals in the locale's currency format (SPEC §5). */
  usd(value: number): string
  /** A percentage at 2 decimals (`1.25%`, `1,25 %`). */
  percent(value: number): string
  /** The amount field's text as the flow keeps it: the locale's decimal separator (`1,5` in es) read as a dot. */
  fromInput(text: string): string
  /** The flow's amount (`1.5`) as the amount field shows it in the locale (`1,5` in es). */
  toInput(amount: string): string
}

/** The decimal separator the locale writes (`.` en, `,` es, `٫` ar-EG). */
export function decimalSeparator(locale: string): string {
  try {
    return new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.'
  } catch {
    return '.'
  }
}

/** Formatters for the swap views, bound to the nearest `PorticoProvider`'s locale. */
export function useAmounts(): SwapAmounts {
  const format = useFormat()
  return useMemo(() => {
    const { locale } = format
    let percent: Intl.NumberFormat
    try {
      percent = new Intl.NumberFormat(locale, {
        style: 'percent',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      })
    } catch {
      percent = new Intl.NumberFormat('en-US', {
        style: 'percent',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      })
    }
    const separator = decimalSeparator(locale)
    return {
      locale,
      // A dot is still read as the decimal point (pasted figures, English keyboards).
      fromInput: (text) => (separator === '.' ? text : text.split(separator).join('.')),
      toInput: (amount) => (separator === '.' ? amount : amount.replace('.', separator)),
      amount: (value) => displayAmount(value, 6, locale),
      token: (units, token) => tokenAmount(units, token, locale),
      usd: (value) => format.usd(value),
      percent: (value) => percent.format(value / 100),
    }
  }, [format])
}

/** Only data: and http(s) images render; anything else shows the symbol's initial. */
export function TokenIcon({ token }: { token: SwapTokenInfo | undefined }) {
  const src = token?.logoUri && /^(https?:|data:image\/)/i.test(token.logoUri) ? token.logoUri : undefined
  return (
    <span className="token-icon" aria-hidden="true">
      {src ? <img src={src} alt="" width={28} height={28} /> : (token?.symbol.slice(0, 1) ?? '?')}
    </span>
  )
}
