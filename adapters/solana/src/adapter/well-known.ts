import type { WellKnownWallet } from '@portico/core'

/**
 * Well-known Solana wallets and their homepages, offered by the Connect view to a
 * visitor with no wallet installed (no server needed). Homepages, not store links:
 * each wallet's site sends the visitor to the right store for their browser.
 */
export const WELL_KNOWN_WALLETS: readonly WellKnownWallet[] = [
  { name: 'Phantom', url: 'https://phantom.com/' },
  { name: 'Solflare', url: 'https://solflare.com/' },
  { name: 'Backpack', url: 'https://backpack.app/' },
]
