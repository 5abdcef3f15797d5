import {
  type Connector,
  PorticoError,
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

/**
 * The accounts usable on Solana (any `solana:` chain). The list comes from the
 * wallet, so entries that are not objects or whose chains are not strings are
 * skipped; an answer that is not a list at all is a typed
 * `INVALID_WALLET_RESPONSE` error (not an empty list: the wallet misbehaved).
 */
export function solanaAccounts(accounts: readonly WalletAccount[]): WalletAccount[] {
  if (!Array.isArray(accounts))
    throw new PorticoError('The wallet returned an invalid response.', {
      code: 'INVALID_WALLET_RESPONSE',
      details: 'the accounts are not a list',
    })
  return accounts.filter(
    (a: unknown) =>
      typeof a === 'object' &&
      a !== null &&
      Array.isArray((a as WalletAccount).chains) &&
      (a as WalletAccount).chains.some((c: unknown) => typeof c === 'string' && c.startsWith('solana:')),
  )
}
