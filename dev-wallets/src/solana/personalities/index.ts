/**
 * @portico/dev-wallets/solana/personalities — thin emulations of the Solana
 * wallets visitors use (Phantom, Solflare, Backpack), each reproducing its
 * wallet's published Wallet Standard interface and quirks on top of the one
 * signing core (`@portico/dev-wallets/solana`), labelled "(emulated)" and
 * never with the wallet's icon. Browser-safe: the demo installs them too.
 */
import { createBackpackPersonality } from './backpack.js'
import { createPhantomPersonality } from './phantom.js'
import type { SolanaPersonality, SolanaPersonalityId, SolanaPersonalityOptions } from './shared.js'
import { createSolflarePersonality } from './solflare.js'

export { BACKPACK_PROFILE } from './backpack.js'
export { PHANTOM_PROFILE } from './phantom.js'
export type {
  SolanaChainId,
  SolanaPersonality,
  SolanaPersonalityId,
  SolanaPersonalityOptions,
  SolanaWalletProfile,
} from './shared.js'
export { SOLFLARE_PROFILE } from './solflare.js'
export { createBackpackPersonality, createPhantomPersonality, createSolflarePersonality }

/** Every Solana personality by id, in the order the compatibility matrix lists them. */
export const SOLANA_PERSONALITIES: Record<
  SolanaPersonalityId,
  (options: SolanaPersonalityOptions) => Promise<SolanaPersonality>
> = {
  phantom: createPhantomPersonality,
  solflare: createSolflarePersonality,
  backpack: createBackpackPersonality,
}
