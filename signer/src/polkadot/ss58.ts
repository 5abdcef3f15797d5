import { blake2b } from '@noble/hashes/blake2b'
import { base58 } from '@scure/base'

/**
 * SS58 addresses (the Polkadot-SDK address format): base58 of
 * `prefix ‖ public key ‖ checksum`, where the prefix (a network id, 0–16383)
 * takes one byte below 64 and two above, and the checksum is the first two
 * bytes of blake2b-512 over `"SS58PRE" ‖ prefix ‖ public key`.
 */

const SS58PRE = new TextEncoder().encode('SS58PRE')
/** The generic Substrate prefix: the address other tools show when they know no network. */
export const GENERIC_SS58_PREFIX = 42

/** A prefix SS58 can carry: 0–16383, except 46 and 47 (reserved by the registry). */
export const isSs58Prefix = (n: unknown): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 16383 && n !== 46 && n !== 47

function prefixBytes(prefix: number): Uint8Array {
  if (prefix < 64) return Uint8Array.of(prefix)
  // Two bytes: the low six bits of the prefix's low byte with 0b01 on top, then the rest.
  return Uint8Array.of(((prefix & 0xfc) >> 2) | 0x40, (prefix >> 8) | ((prefix & 0x03) << 6))
}

function checksum(body: Uint8Array): Uint8Array {
  const input = new Uint8Array(SS58PRE.length + body.length)
  input.set(SS58PRE)
  input.set(body, SS58PRE.length)
  return blake2b(input, { dkLen: 64 }).subarray(0, 2)
}

/** The SS58 address of a 32-byte public key on a network of `prefix`. */
export function ss58Encode(publicKey: Uint8Array, prefix: number): string {
  if (publicKey.length !== 32) throw new RangeError('an SS58 account is 32 bytes')
  if (!isSs58Prefix(prefix)) throw new RangeError(`SS58 prefix ${prefix} is not valid`)
  const p = prefixBytes(prefix)
  const body = new Uint8Array(p.length + 32)
  body.set(p)
  body.set(publicKey, p.length)
  const out = new Uint8Array(body.length + 2)
  out.set(body)
  out.set(checksum(body), body.length)
  return base58.encode(out)
}

/** The prefix and 32-byte public key of an SS58 account address, or undefined (bad characters, length or checksum). */
export function ss58Decode(address: string): { prefix: number; publicKey: Uint8Array } | undefined {
  if (!/^[1-9A-HJ-NP-Za-km-z]{46,50}$/.test(address)) return undefined
  const bytes = base58.decode(address)
  const first = bytes[0] ?? 0xff
  if (first >= 128) return undefined
  const size = first < 64 ? 1 : 2
  if (bytes.length !== size + 32 + 2) return undefined
  const second = bytes[1] ?? 0
  const prefix = size === 1 ? first : ((first & 0x3f) << 2) | (second >> 6) | ((second & 0x3f) << 8)
  const body = bytes.subarray(0, size + 32)
  const sum = checksum(body)
  if (sum[0] !== bytes[size + 32] || sum[1] !== bytes[size + 33]) return undefined
  return { prefix, publicKey: bytes.slice(size, size + 32) }
}
