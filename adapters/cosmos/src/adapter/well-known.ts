import type { WellKnownWallet } from '@portico/core'

/**
 * Well-known Cosmos wallets and their homepages, offered by the Connect view to a
 * visitor with no wallet installed (no server needed). Homepages, not store links:
 * each wallet's site sends the visitor to the right store for their browser.
 */
export const WELL_KNOWN_WALLETS: readonly WellKnownWallet[] = [
  { name: 'Keplr', url: 'https://www.keplr.app/' },
  { name: 'Leap', url: 'https://www.leapwallet.io/' },
  { name: 'Cosmostation', url: 'https://www.cosmostation.io/' },
]
