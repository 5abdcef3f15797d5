import { isAddress } from '@portico/core'
import { base58 } from '@scure/base'

/**
 * True for a Solana address: 32–44 base58 characters (SPEC §5, core's
 * `isAddress(value, 'solana')`) that decode to exactly 32 bytes (an ed25519
 * public key or a program-derived address), typed as a guard. Strings of the
 * right alphabet and length that decode to 31 or 33 bytes are refused.
 *
 * @example
 * isSolanaAddress('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin') // true
 */
export function isSolanaAddress(value: unknown): value is string {
  if (!isAddress(value, 'solana')) return false
  try {
    return base58.decode(value as string).length === 32
  } catch {
    return false
  }
}
