/** Where this origin remembers the Solana address of an EVM wallet (a public key, no secret). */
export const SOLANA_ADDRESS_KEY = (evm: string) => `portico-ew-solana:${evm.toLowerCase()}`

/**
 * The remembered Solana address of the wallet `evm`, or undefined: lets the
 * frame answer a session without loading the Solana signer's chunk.
 */
export function cachedSolanaAddress(evm: string): string | undefined {
  return localStorage.getItem(SOLANA_ADDRESS_KEY(evm)) ?? undefined
}
