import {
  createSolanaPersonality,
  type SolanaPersonality,
  type SolanaPersonalityOptions,
  type SolanaWalletProfile,
} from './shared.js'

/**
 * Backpack (emulated), after its published source (github.com/coral-xyz/backpack,
 * `packages/wallet-standard/src/wallet.ts`): `standard:connect` (a silent
 * connect of a site not yet approved answers no accounts, no prompt),
 * `standard:disconnect`, `standard:events` (`change` on connect, disconnect
 * and account switch), `solana:signAndSendTransaction` and
 * `solana:signTransaction` with legacy and version-0 transactions — a send
 * with `options.commitment` waits for that commitment (`sendAndConfirm`)
 * before answering the signature, base58-decoded to bytes —,
 * `solana:signMessage` at 1.0.0 answering `{ signedMessage, signature }`
 * (no `signatureType`), the wallet's own `backpack:` feature, and no
 * `solana:signIn`. One account at a time.
 */
export const BACKPACK_PROFILE: SolanaWalletProfile = {
  id: 'backpack',
  name: 'Backpack (emulated)',
  signIn: false,
  signMessageVersion: '1.0.0',
  transactionVersions: ['legacy', 0],
  rejection: { message: 'User rejected the request.', code: 4001 },
  commitment: 'confirm',
  extraFeature: 'backpack:',
}

export function createBackpackPersonality(options: SolanaPersonalityOptions): Promise<SolanaPersonality> {
  return createSolanaPersonality(BACKPACK_PROFILE, options)
}
