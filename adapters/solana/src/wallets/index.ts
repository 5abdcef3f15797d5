import { type Connector, sanitizeWalletIcon, sanitizeWalletName } from '@portico/core'
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
