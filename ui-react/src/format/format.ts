// Display helpers of the UI, on top of @portico/core's SPEC §5 formatting.
import {
  shortenAddress as coreShortenAddress,
  formatBalance,
  formatFiat,
  formatUnits,
  shortenEmail,
} from '@portico/core'

/** Truncates (never rounds) to 3 decimals, `0.000` by default (SPEC §5) — core's `formatBalance`. */
export function truncateDecimals(value: string | number | undefined): string {
  return formatBalance(value)
}

/** Groups the integer part with commas: `10000.000` → `10,000.000`. */
export function groupThousands(text: string): string {
  const [int = '', frac] = text.split('.')
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return frac === undefined ? grouped : `${grouped}.${frac}`
}

/** Token amount for display: truncated to 3 decimals (`10000.000`), as core's `formatBalance`. */
export function formatTokenAmount(value: string | number | undefined): string {
  return formatBalance(value)
}

/** Fiat at 2 decimals (SPEC §5), e.g. `$1,234.50`. */
export function formatUsd(value: number): string {
  return `$${groupThousands(formatFiat(value))}`
}

/** `0x1234…abcd` — 6 leading and 4 trailing characters. */
export function shortenAddress(address: string | undefined): string {
  return address ? coreShortenAddress(address) : ''
}

/** Emails over 30 characters are shortened with an ellipsis (SPEC §2). */
export function shortenEmailForDisplay(email: string): string {
  return shortenEmail(email)
}

/** True when any error in the cause chain is an EIP-1193 user rejection (code 4001), by code, not text. */
export function isUserRejection(error: unknown): boolean {
  const seen = new Set<unknown>()
  let current = error
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current)
    const { code, name } = current as { code?: unknown; name?: unknown }
    if (code === 4001 || name === 'UserRejectedRequestError') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** The short, catalogue text of an error (PorticoError.shortMessage), else its message. */
export function errorText(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined
  const e = error as { shortMessage?: unknown; message?: unknown }
  if (typeof e.shortMessage === 'string') return e.shortMessage
  return typeof e.message === 'string' ? e.message.split('\n')[0] : undefined
}

/** A stable 0–7 bucket of an address, used to pick one of the CSS avatar gradients. */
export function avatarVariant(address: string | undefined): number {
  let h = 0
  for (const ch of address ?? '') h = (h * 31 + ch.charCodeAt(0)) >>> 0
  return h % 8
}

/** Only data: images and http(s) URLs are used as `<img src>`; anything else is dropped. */
export function safeImageSrc(src: string | undefined): string | undefined {
  if (!src) return undefined
  return /^(data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]|https?:\/\/)/i.test(src) ? src : undefined
}

/** An integer amount of base units (wei…) as a bigint: bigint, safe integer, decimal or 0x string; else undefined. */
export function toBaseUnits(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : undefined
  if (typeof value !== 'string' || !/^(-?\d+|0x[0-9a-f]+)$/i.test(value.trim())) return undefined
  return BigInt(value.trim())
}

/**
 * An amount being sent, in the network's native unit with every digit kept (not truncated like a
 * balance): `10000000000000000` wei on an 18-decimal ETH network → `0.01 ETH`. Core's `formatUnits`.
 */
export function formatNativeAmount(
  value: bigint,
  currency: { decimals: number; symbol: string } | undefined,
): string {
  if (!currency) return value.toString()
  return `${formatUnits(value, currency.decimals)} ${currency.symbol}`
}
