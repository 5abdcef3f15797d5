import type { WellKnownWallet } from '@portico/core'

/**
 * Well-known Polkadot wallets and their homepages, offered by the Connect view to a
 * visitor with no wallet installed (no server needed). Homepages, not store links:
 * each wallet's site sends the visitor to the right store for their browser.
 */
export const WELL_KNOWN_WALLETS: readonly WellKnownWallet[] = [
  { name: 'Talisman', url: 'https://www.talisman.xyz/' },
  { name: 'SubWallet', url: 'https://www.subwallet.app/' },
  { name: 'polkadot{.js} extension', url: 'https://polkadot.js.org/extension/' },
]
