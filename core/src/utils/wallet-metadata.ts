/**
 * Sanitizing of wallet metadata announced by untrusted code (EIP-6963
 * announcements, Wallet Standard registrations). Shared by every chain
 * adapter so a wallet's name and icon are cleaned the same way everywhere.
 */

/** Wallet names longer than this (in characters) are cut: announcements are untrusted text. */
export const MAX_WALLET_NAME_LENGTH = 64
/** Icons larger than this (as a data URI, in UTF-16 code units) are dropped. */
export const MAX_WALLET_ICON_LENGTH = 128 * 1024

const ICON_PREFIX =
  /^data:image\/(?:png|jpeg|gif|webp|avif|bmp|svg\+xml|x-icon|vnd\.microsoft\.icon)(?:;charset=[\w-]+)?(?:;base64)?,/i
// C0/C1 controls, bidi overrides and zero-width characters: never shown in a wallet name.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g

/**
 * Turns an announced wallet name into plain text safe to show: control,
 * bidi-override and zero-width characters removed, whitespace collapsed,
 * trimmed, and cut to {@link MAX_WALLET_NAME_LENGTH} characters (the last one
 * an ellipsis). Returns undefined for a non-string or a name left empty.
 * The result is text, not HTML: render it as text.
 *
 * @example
 * sanitizeWalletName('  Pha\u202entom\u0007 Wallet ') // 'Phantom Wallet'
 * sanitizeWalletName('\u200b') // undefined
 */
export function sanitizeWalletName(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const text = value
    .slice(0, 4 * MAX_WALLET_NAME_LENGTH)
    .replace(UNSAFE_CHARS, '')
    .replace(/\s+/g, ' ')
    .trim()
  if (!text) return undefined
  const chars = [...text]
  return chars.length > MAX_WALLET_NAME_LENGTH
    ? `${chars.slice(0, MAX_WALLET_NAME_LENGTH - 1).join('')}…`
    : text
}

/**
 * Accepts an announced wallet icon only when it is a `data:image/…` URI of at
 * most {@link MAX_WALLET_ICON_LENGTH}; anything else (an http(s) URL, which
 * would let a wallet track visitors, `javascript:`, `data:text/html`) gives
 * undefined. An SVG carrying script or event-handler markup is dropped too,
 * even though `<img>` would not run it: it is a hostile announcement.
 *
 * @example
 * sanitizeWalletIcon('data:image/png;base64,iVBORw0KGgo=') // the same string
 * sanitizeWalletIcon('https://evil.example/track.png') // undefined
 */
export function sanitizeWalletIcon(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_WALLET_ICON_LENGTH || !ICON_PREFIX.test(value))
    return undefined
  if (/^data:image\/svg\+xml/i.test(value) && svgHasActiveContent(value)) return undefined
  return value
}

function svgHasActiveContent(uri: string): boolean {
  const comma = uri.indexOf(',')
  const header = uri.slice(0, comma)
  const payload = uri.slice(comma + 1)
  let text: string
  try {
    text = /;base64$/i.test(header) ? atob(payload) : decodeURIComponent(payload)
  } catch {
    // Undecodable SVG: we cannot show it is harmless, so treat it as hostile.
    return true
  }
  return /<script|<foreignobject|\son[a-z]+\s*=|javascript:/i.test(text)
}
