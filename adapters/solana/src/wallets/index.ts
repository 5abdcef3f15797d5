import {
  type Connector,
  sanitizeWalletIcon,
  sanitizeWalletName,
  walletStandardConnectorId,
} from '@portico/core'
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

/** Connector id of a Wallet Standard wallet (core's rule: its name and an icon digest). */
export const walletConnectorId = walletStandardConnectorId

/** The connector of a discovered wallet, under the id discovery gave it. */
export function toConnector(id: string, wallet: Wallet, conflict?: string): Connector {
  const imageUrl = sanitizeWalletIcon(wallet.icon)
  return {
    id,
    type: 'ANNOUNCED',
    name: sanitizeWalletName(wallet.name) ?? 'Wallet',
    chain: 'solana',
    provider: wallet,
    ...(imageUrl ? { imageUrl } : {}),
    installed: true,
    ...(conflict ? { conflict } : {}),
  }
}

/** The accounts usable on Solana (any `solana:` chain). */
export function solanaAccounts(accounts: readonly WalletAccount[]): WalletAccount[] {
  return accounts.filter((a) => Array.isArray(a.chains) && a.chains.some((c) => c.startsWith('solana:')))
}
