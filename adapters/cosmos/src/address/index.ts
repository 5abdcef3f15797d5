import { PorticoError } from '@portico/core'
import { decodeBech32 } from './bech32.js'

export { decodeBech32 }

/** A bech32 human-readable prefix as Cosmos chains use them (`cosmos`, `osmo`, `celestia`). */
export const BECH32_PREFIX = /^[a-z][a-z0-9]{0,31}$/

/**
 * True when `value` is a canonical (lowercase) bech32 Cosmos account address
 * with a valid checksum and a 20- or 32-byte payload; with `prefix`, only
 * addresses of that chain.
 *
 * @example
 * isCosmosAddress('cosmos1…', 'cosmos') // true
 * isCosmosAddress('osmo1…', 'cosmos')   // false: another chain's prefix
 */
export function isCosmosAddress(value: unknown, prefix?: string): value is string {
  if (typeof value !== 'string') return false
  const decoded = decodeBech32(value)
  if (!decoded || !BECH32_PREFIX.test(decoded.prefix)) return false
  if (decoded.data.length !== 20 && decoded.data.length !== 32) return false
  return prefix === undefined || decoded.prefix === prefix
}

/** An address is not a valid bech32 address of the chain (wrong prefix, checksum or length). */
export class InvalidCosmosAddressError extends PorticoError {
  override name = 'InvalidCosmosAddressError'
  override readonly code = 'INVALID_ADDRESS' as const
  readonly address: string
  readonly prefix: string | undefined
  constructor(address: unknown, prefix?: string) {
    const shown = typeof address === 'string' ? address.slice(0, 128) : typeof address
    super('Invalid address', {
      details: prefix
        ? `${shown} is not a bech32 address with the prefix "${prefix}"`
        : `${shown} is not a bech32 address`,
    })
    this.address = shown
    this.prefix = prefix
  }
}

/** Throws `InvalidCosmosAddressError` unless `value` is an address of the chain with `prefix`. */
export function assertCosmosAddress(value: unknown, prefix: string): asserts value is string {
  if (!isCosmosAddress(value, prefix)) throw new InvalidCosmosAddressError(value, prefix)
}
