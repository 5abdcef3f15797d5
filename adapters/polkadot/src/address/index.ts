// Deep imports: the package root starts @polkadot/wasm-crypto on import (its bundle init), these do not.
import { checkAddressChecksum } from '@polkadot/util-crypto/address/checksum'
import { encodeAddress } from '@polkadot/util-crypto/address/encode'
import { base58Decode } from '@polkadot/util-crypto/base58'
import type { CaipAddress, CaipNetworkId } from '@portico/core'
import { InvalidPolkadotAddressError } from '../errors/index.js'

/** Prefixes 46 and 47 are reserved by the SS58 registry; 16383 is the largest two-byte one. */
const RESERVED = new Set([46, 47])
export const MAX_SS58_PREFIX = 16383

function assertPrefix(prefix: number): void {
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > MAX_SS58_PREFIX || RESERVED.has(prefix))
    throw new InvalidPolkadotAddressError(String(prefix), 'not a valid SS58 prefix')
}

/** A decoded SS58 address: the 32-byte account id (or 33-byte ECDSA key) and the network prefix. */
export interface DecodedAddress {
  publicKey: Uint8Array
  prefix: number
}

/**
 * Decodes an SS58 address with `@polkadot/util-crypto` (base58, then the
 * prefix and the blake2b checksum, `checkAddressChecksum`). Only account
 * addresses are accepted: 32-byte keys (sr25519 / ed25519) and 33-byte
 * ECDSA keys. Throws `InvalidPolkadotAddressError` saying what is wrong.
 *
 * @example
 * decodeSs58('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY') // { prefix: 42, publicKey: Uint8Array(32) }
 */
export function decodeSs58(address: unknown): DecodedAddress {
  if (typeof address !== 'string') throw new InvalidPolkadotAddressError(address, 'not a string')
  if (address.length < 46 || address.length > 52)
    throw new InvalidPolkadotAddressError(address, 'wrong length for an SS58 account address')
  let bytes: Uint8Array
  try {
    bytes = base58Decode(address)
  } catch {
    throw new InvalidPolkadotAddressError(address, 'not base58')
  }
  if ((bytes[0] ?? 0xff) >= 128)
    throw new InvalidPolkadotAddressError(address, 'not an SS58 address (bad prefix byte)')
  const [valid, end, prefixLength, prefix] = checkAddressChecksum(bytes)
  const keyLength = bytes.length - prefixLength - 2
  if (keyLength !== 32 && keyLength !== 33)
    throw new InvalidPolkadotAddressError(address, 'not an account address (key is not 32 or 33 bytes)')
  if (!valid) throw new InvalidPolkadotAddressError(address, 'checksum mismatch')
  if (RESERVED.has(prefix)) throw new InvalidPolkadotAddressError(address, `reserved SS58 prefix ${prefix}`)
  return { publicKey: bytes.slice(prefixLength, end), prefix }
}

/**
 * Encodes a 32-byte account id (or 33-byte ECDSA key) as SS58 with `prefix`
 * (0 Polkadot, 2 Kusama, 42 generic Substrate…), with `@polkadot/util-crypto`'s `encodeAddress`.
 *
 * @example
 * encodeSs58(decodeSs58(alice).publicKey, 0) // Alice on Polkadot: 15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5
 */
export function encodeSs58(publicKey: Uint8Array, prefix: number): string {
  assertPrefix(prefix)
  if (publicKey.length !== 32 && publicKey.length !== 33)
    throw new InvalidPolkadotAddressError(`${publicKey.length} bytes`, 'key is not 32 or 33 bytes')
  return encodeAddress(publicKey, prefix)
}

/**
 * True when `value` is a checksum-valid SS58 account address, and, when
 * `prefix` is given, one of that network.
 *
 * @example
 * isPolkadotAddress('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY', 42) // true
 * isPolkadotAddress('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY', 0) // false: wrong network
 */
export function isPolkadotAddress(value: unknown, prefix?: number): boolean {
  try {
    const decoded = decodeSs58(value)
    return prefix === undefined || decoded.prefix === prefix
  } catch {
    return false
  }
}

/**
 * Validates an address typed for a network: checksum-valid and carrying the
 * network's prefix (an address of another network is refused, not silently
 * re-encoded: the sender may have meant another chain). Returns it unchanged.
 */
export function assertNetworkAddress(value: unknown, prefix: number): string {
  const decoded = decodeSs58(value)
  if (decoded.prefix !== prefix)
    throw new InvalidPolkadotAddressError(
      value,
      `SS58 prefix ${decoded.prefix} is another network's (this network uses ${prefix})`,
    )
  return value as string
}

/** Any valid SS58 account address re-encoded with `prefix` (how a wallet's accounts follow the network). */
export function reencodeAddress(value: unknown, prefix: number): string {
  return encodeSs58(decodeSs58(value).publicKey, prefix)
}

/** 0x-hex of bytes. */
export function toHex(bytes: Uint8Array): `0x${string}` {
  return `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}

/** CAIP-10 account id of an address on a network: `polkadot:<genesis ref>:<ss58>`. */
export function polkadotCaipAddress(caipNetworkId: CaipNetworkId, address: string): CaipAddress {
  return `${caipNetworkId}:${address}` as CaipAddress
}
