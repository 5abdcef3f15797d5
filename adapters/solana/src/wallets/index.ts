import type { Connector } from '@portico/core'
import type { Wallet, WalletAccount } from '@wallet-standard/base'

/** Feature names the adapter uses (Wallet Standard + Solana Wallet Standard). */
export const FEATURES = {
  connect: 'standard:connect',
  disconnect: 'standard:disconnect',
  events: 'standard:events',
  signMessage: 'solana:signMessage',
  signTransaction: 'solana:signTransaction',
  signAndSendTransaction: 'solana:signAndSendTransaction',
} as const

/** Wallet names longer than this are cut (announcements are untrusted text); same limit as the EVM adapter. */
export const MAX_WALLET_NAME_LENGTH = 64
/** Icons larger than this (as a data URI) are dropped. */
export const MAX_WALLET_ICON_LENGTH = 128 * 1024

const ICON_PREFIX =
  /^data:image\/(?:png|jpeg|gif|webp|avif|bmp|svg\+xml|x-icon|vnd\.microsoft\.icon)(?:;charset=[\w-]+)?(?:;base64)?,/i
// C0/C1 controls, bidi overrides and zero-width characters: never shown in a wallet name.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g

/** Plain text, control and bidi characters removed, whitespace collapsed, at most 64 characters. */
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
 * Accepts only a `data:image/…` URI of bounded size (an http URL would let a
 * wallet track visitors). An SVG carrying script or event-handler markup is
 * dropped even though `<img>` would not run it: it is a hostile announcement.
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

/**
 * A wallet is usable by this adapter when it has a name, connects
 * (`standard:connect`), announces at least one `solana:` chain and can sign
 * transactions (`solana:signAndSendTransaction` or `solana:signTransaction`).
 */
export function isSolanaWallet(wallet: Wallet): boolean {
  const features = wallet?.features
  return (
    typeof features === 'object' &&
    features !== null &&
    FEATURES.connect in features &&
    (FEATURES.signAndSendTransaction in features || FEATURES.signTransaction in features) &&
    Array.isArray(wallet.chains) &&
    wallet.chains.some((c) => typeof c === 'string' && c.startsWith('solana:')) &&
    sanitizeWalletName(wallet.name) !== undefined
  )
}

function slug(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'wallet'
  )
}

/** Connector id of a Wallet Standard wallet: `wallet-standard:<slug of its name>`. */
export function walletConnectorId(wallet: Wallet): string {
  return `wallet-standard:${slug(sanitizeWalletName(wallet.name) ?? '')}`
}

/** Builds the connectors for the usable wallets, in registration order; duplicate ids get `-2`, `-3`… */
export function toConnectors(wallets: readonly Wallet[]): {
  connectors: Connector[]
  byId: Map<string, Wallet>
} {
  const byId = new Map<string, Wallet>()
  const connectors: Connector[] = []
  for (const wallet of wallets) {
    if (!isSolanaWallet(wallet)) continue
    const base = walletConnectorId(wallet)
    let id = base
    for (let n = 2; byId.has(id); n++) id = `${base}-${n}`
    byId.set(id, wallet)
    const imageUrl = sanitizeWalletIcon(wallet.icon)
    connectors.push({
      id,
      type: 'ANNOUNCED',
      name: sanitizeWalletName(wallet.name) ?? 'Wallet',
      chain: 'solana',
      provider: wallet,
      ...(imageUrl ? { imageUrl } : {}),
      installed: true,
    })
  }
  return { connectors, byId }
}

/** The accounts usable on Solana (any `solana:` chain). */
export function solanaAccounts(accounts: readonly WalletAccount[]): WalletAccount[] {
  return accounts.filter((a) => Array.isArray(a.chains) && a.chains.some((c) => c.startsWith('solana:')))
}
