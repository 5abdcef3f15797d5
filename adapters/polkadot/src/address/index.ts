// SS58 with @noble/hashes' blake2b and @scure/base's base58, not @polkadot/util-crypto: its
// checksum pulls @polkadot/wasm-crypto (≈ 220 KiB minified) and bn.js into every page that
// registers the adapter, though an address check needs neither (issue 31).
import { blake2b } from '@noble/hashes/blake2b'
import type { CaipAddress, CaipNetworkId } from '@portico/core'
import { base58 } from '@scure/base'
import { InvalidPolkadotAddressError } from '../errors/index.js'

/** Prefixes 46 and 47 are reserved by the SS58 registry; 16383 is the largest two-byte one. */
const RESERVED = new Set([46, 47])
export const MAX_SS58_PREFIX = 16383

function assertPrefix(prefix: number): void {
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > MAX_SS58_PREFIX || RESERVED.has(prefix))
    throw new InvalidPolkadotAddressError(String(prefix), 'not a valid SS58 prefix')
}

const SS58PRE = new TextEncoder().encode('SS58PRE')

/** The first two bytes of blake2b-512("SS58PRE" ‖ prefix ‖ key): an account address's checksum. */
function checksum(payload: Uint8Array): Uint8Array {
  const input = new Uint8Array(SS58PRE.length + payload.length)
  input.set(SS58PRE)
  input.set(payload, SS58PRE.length)
  return blake2b(input, { dkLen: 64 }).subarray(0, 2)
}

/** The SS58 prefix's bytes: one below 64, else two (the registry's "full" form). */
function prefixBytes(prefix: number): Uint8Array {
  return prefix < 64
    ? Uint8Array.of(prefix)
    : Uint8Array.of(((prefix & 0xfc) >> 2) | 0x40, (prefix >> 8) | ((prefix & 0x03) << 6))
}

/** A decoded SS58 address: the 32-byte account id (or 33-byte ECDSA key) and the network prefix. */
export interface DecodedAddress {
  publicKey: Uint8Array
  prefix: number
}

/**
 * Decodes an SS58 address (base58, then the one- or two-byte prefix and the
 * blake2b checksum). Only account
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
    bytes = base58.decode(address)
  } catch {
    throw new InvalidPolkadotAddressError(address, 'not base58')
  }
  if ((bytes[0] ?? 0xff) >= 128)
    throw new InvalidPolkadotAddressError(address, 'not an SS58 address (bad prefix byte)')
  const b0 = bytes[0]!
  const b1 = bytes[1] ?? 0
  const prefixLength = b0 & 0x40 ? 2 : 1
  const prefix = prefixLength === 1 ? b0 : ((b0 & 0x3f) << 2) | (b1 >> 6) | ((b1 & 0x3f) << 8)
  const keyLength = bytes.length - prefixLength - 2
  if (keyLength !== 32 && keyLength !== 33)
    throw new InvalidPolkadotAddressError(address, 'not an account address (key is not 32 or 33 bytes)')
  const end = bytes.length - 2
  const sum = checksum(bytes.subarray(0, end))
  const valid = sum[0] === bytes[end] && sum[1] === bytes[end + 1]
  if (!valid) throw new InvalidPolkadotAddressError(address, 'checksum mismatch')
  if (RESERVED.has(prefix)) throw new InvalidPolkadotAddressError(address, `reserved SS58 prefix ${prefix}`)
  return { publicKey: bytes.slice(prefixLength, end), prefix }
}

/**
 * Encodes a 32-byte account id (or 33-byte ECDSA key) as SS58 with `prefix`
 * (0 Polkadot, 2 Kusama, 42 generic Substrate…): prefix ‖ key ‖ checksum in base58.
 *
 * @example
 * encodeSs58(decodeSs58(alice).publicKey, 0) // Alice on Polkadot: 15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5
 */
export function encodeSs58(publicKey: Uint8Array, prefix: number): string {
  assertPrefix(prefix)
  if (publicKey.length !== 32 && publicKey.length !== 33)
    throw new InvalidPolkadotAddressError(`${publicKey.length} bytes`, 'key is not 32 or 33 bytes')
  const pre = prefixBytes(prefix)
  const payload = new Uint8Array(pre.length + publicKey.length)
  payload.set(pre)
  payload.set(publicKey, pre.length)
  const out = new Uint8Array(payload.length + 2)
  out.set(payload)
  out.set(checksum(payload), payload.length)
  return base58.encode(out)
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
