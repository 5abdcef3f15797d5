import {
  createSolanaPersonality,
  type SolanaPersonality,
  type SolanaPersonalityOptions,
  type SolanaWalletProfile,
} from './shared.js'

/**
 * Solflare (emulated), after its published SDK (`@solflare-wallet/sdk`:
 * `connect()`, `signMessage(data, display)` answering the signature bytes
 * only) and the Wallet Standard wrapper it registers
 * (`@solflare-wallet/wallet-standard`: `solana:signAndSendTransaction`,
 * `solana:signTransaction` with legacy and version-0 transactions,
 * `solana:signMessage` at 1.0.0, so no `signatureType`), plus its
 * extension's `signIn` whose answer names the account by its address only
 * (`{ account: { address } }`, no public key). Cancel rejects with code 4001.
 */
export const SOLFLARE_PROFILE: SolanaWalletProfile = {
  id: 'solflare',
  name: 'Solflare (emulated)',
  signIn: { account: 'address-only' },
  signMessageVersion: '1.0.0',
  transactionVersions: ['legacy', 0],
  rejection: { message: 'User rejected the request.', code: 4001 },
  commitment: 'send',
}

export function createSolflarePersonality(options: SolanaPersonalityOptions): Promise<SolanaPersonality> {
  return createSolanaPersonality(SOLFLARE_PROFILE, options)
}
