import type { WellKnownWallet } from '@portico/core'

/**
 * Well-known EVM wallets and their homepages, offered by the Connect view to a
 * visitor with no wallet installed (no server needed). Homepages, not store links:
 * each wallet's site sends the visitor to the right store for their browser.
 */
export const WELL_KNOWN_WALLETS: readonly WellKnownWallet[] = [
  { name: 'MetaMask', url: 'https://metamask.io/' },
  { name: 'Rabby', url: 'https://rabby.io/' },
  { name: 'Coinbase Wallet', url: 'https://www.coinbase.com/wallet' },
]
