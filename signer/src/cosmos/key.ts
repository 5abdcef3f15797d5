import { secp256k1 } from '@noble/curves/secp256k1'
import { ripemd160 } from '@noble/hashes/legacy'
import { sha256 } from '@noble/hashes/sha2'
import { bech32, hex } from '@scure/base'
import { deriveChainSeed } from '../chain-keys.js'

/**
 * The wallet's Cosmos key: a secp256k1 private key HMAC-derived from the
 * wallet's one secret under this label (see chain-keys.ts). It is not the EVM
 * key (which is the secret itself), so the Cosmos address is unrelated to the
 * EVM one and neither key gives the other. The label is part of every
 * wallet's Cosmos address: it never changes (a new label is a new key).
 */
export const COSMOS_DERIVATION = 'portico embedded wallet / cosmos secp256k1 / v1'

/** The private key of `secret`; the caller wipes it. */
export async function cosmosPrivateKey(secret: Uint8Array): Promise<Uint8Array> {
  const key = await deriveChainSeed(COSMOS_DERIVATION, secret)
  // An HMAC output is 0 or ≥ the curve order with a chance of about 2^-128: refused rather than reduced,
  // so the key is always exactly the derived bytes (what the export shows).
  if (!secp256k1.utils.isValidPrivateKey(key)) {
    key.fill(0)
    throw new Error('the derived Cosmos key is not a valid secp256k1 scalar')
  }
  return key
}

/** The compressed (33-byte) public key of a private key. */
export const publicKeyOf = (privateKey: Uint8Array): Uint8Array => secp256k1.getPublicKey(privateKey, true)

/** A compressed public key from the frame's hex form; throws on anything else. */
export function publicKeyFromHex(value: string): Uint8Array {
  const bytes = /^0[23][0-9a-f]{64}$/.test(value) ? hex.decode(value) : undefined
  if (!bytes) throw new Error('not a compressed secp256k1 public key')
  return bytes
}

/** The Cosmos SDK account address bytes of a secp256k1 key: ripemd160(sha256(compressed key)). */
export const addressBytes = (publicKey: Uint8Array): Uint8Array => ripemd160(sha256(publicKey))

/** The bech32 address of `publicKey` on a chain with `prefix`. */
export const bech32Address = (prefix: string, publicKey: Uint8Array): string =>
  bech32.encode(prefix, bech32.toWords(addressBytes(publicKey)), 90)

/** The payload bytes of a lowercase bech32 address (any prefix), or undefined when it is not one. */
export function decodeAddress(address: string): Uint8Array | undefined {
  if (address !== address.toLowerCase()) return undefined
  try {
    const { words } = bech32.decode(address as `${string}1${string}`, 90)
    return bech32.fromWords(words)
  } catch {
    return undefined
  }
}

export const sameBytes = (a: Uint8Array, b: Uint8Array): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i])

/**
 * The Cosmos SDK signature of a 32-byte hash: r‖s (64 bytes), with s in the
 * lower half of the order (the SDK refuses the other half as malleable).
 * RFC 6979 nonces, so one doc always gets one signature.
 */
export function signHash(privateKey: Uint8Array, hash: Uint8Array): Uint8Array {
  return secp256k1.sign(hash, privateKey, { lowS: true }).toCompactRawBytes()
}

export { sha256 }
