import type { Eip1193Provider, Eip6963ProviderDetail, Eip6963ProviderInfo } from '../provider/index.js'

/** Wallet names longer than this are cut (announcements are untrusted text). */
export const MAX_WALLET_NAME_LENGTH = 64
/** Icons larger than this (as a data URI) are dropped. */
export const MAX_WALLET_ICON_LENGTH = 128 * 1024
const MAX_RDNS_LENGTH = 253
const MAX_UUID_LENGTH = 128

const ICON_PREFIX =
  /^data:image\/(?:png|jpeg|gif|webp|avif|bmp|svg\+xml|x-icon|vnd\.microsoft\.icon)(?:;charset=[\w-]+)?(?:;base64)?,/i
const RDNS = /^[a-z0-9](?:[a-z0-9-]{0,62})(?:\.[a-z0-9](?:[a-z0-9-]{0,62}))+$/i
// C0/C1 controls, bidi overrides and zero-width characters: never shown in a wallet name.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g

/** A sanitized announcement: safe to show as text and `<img src>`. */
export interface SafeWalletInfo {
  uuid: string
  name: string
  /** Undefined when the announced icon was not an acceptable `data:image/…` URI. */
  icon: string | undefined
  rdns: string
}

/** Plain text, control characters removed, whitespace collapsed, at most 64 characters. */
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
 * Accepts only a `data:image/…` URI of bounded size. An SVG icon is rendered
 * through `<img>` (where scripts never run), but one that carries script or
 * event-handler markup is still dropped: it is a hostile announcement.
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
    return true
  }
  return /<script|<foreignobject|\son[a-z]+\s*=|javascript:/i.test(text)
}

function isProvider(value: unknown): value is Eip1193Provider {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { request?: unknown }).request === 'function'
  )
}

/** Validates an `eip6963:announceProvider` detail; undefined when it must be dropped. */
export function sanitizeAnnouncement(
  detail: unknown,
): { info: SafeWalletInfo; provider: Eip1193Provider } | undefined {
  if (typeof detail !== 'object' || detail === null) return undefined
  const { info, provider } = detail as Partial<Eip6963ProviderDetail>
  if (!info || typeof info !== 'object' || !isProvider(provider)) return undefined
  const raw = info as Partial<Eip6963ProviderInfo>
  const name = sanitizeWalletName(raw.name)
  const rdns =
    typeof raw.rdns === 'string' && raw.rdns.length <= MAX_RDNS_LENGTH ? raw.rdns.toLowerCase() : ''
  const uuid = typeof raw.uuid === 'string' && raw.uuid.length <= MAX_UUID_LENGTH ? raw.uuid : ''
  if (!name || !RDNS.test(rdns) || !uuid) return undefined
  return { info: { uuid, name, rdns, icon: sanitizeWalletIcon(raw.icon) }, provider }
}
