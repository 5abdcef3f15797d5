import { isAddress } from '@portico/core'

/**
 * True for a Solana address per SPEC §5 (32–44 base58 characters): the
 * core's `isAddress(value, 'solana')`, typed as a guard. It checks the format
 * only; it does not decode the key.
 *
 * @example
 * isSolanaAddress('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin') // true
 */
export function isSolanaAddress(value: unknown): value is string {
  return isAddress(value, 'solana')
}
