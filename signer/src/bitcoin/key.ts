import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { deriveChainSeed } from '../chain-keys.js'
import { toHex } from './bytes.js'

/**
 * The wallet's Bitcoin key (issue 14: secp256k1 for Bitcoin): the 32 bytes
 * HMAC-derived from the wallet secret under this label are the private key.
 * It is not the EVM key (which is the secret itself), so a Bitcoin key that
 * leaked gives neither the EVM key nor the Solana one; and every existing
 * wallet gets it from its shares as they are.
 */
export const BITCOIN_DERIVATION = 'portico embedded wallet / bitcoin secp256k1 / v1'

const N = secp256k1.CURVE.n
const { bytesToNumberBE } = schnorr.utils

/**
 * Runs `use` with the private key of `secret`, then wipes it. A seed that is
 * not a valid scalar (0 or ≥ n: odds about 2⁻¹²⁸) is refused rather than
 * reduced, so the key is always exactly the derived bytes.
 */
export async function withBitcoinKey<T>(
  secret: Uint8Array,
  use: (key: Uint8Array) => T | Promise<T>,
): Promise<T> {
  const key = await deriveChainSeed(BITCOIN_DERIVATION, secret)
  try {
    const d = bytesToNumberBE(key)
    if (d === 0n || d >= N) throw new Error('the derived Bitcoin key is not a valid secp256k1 scalar')
    return await use(key)
  } finally {
    key.fill(0)
  }
}

/** The compressed public key (33 bytes). */
export const publicKeyOf = (key: Uint8Array) => secp256k1.getPublicKey(key, true)

export const publicKeyHex = (key: Uint8Array) => toHex(publicKeyOf(key))

/** ECDSA (RFC 6979, low S) over a 32-byte hash: DER and the recovery id. */
export function ecdsa(
  hash: Uint8Array,
  key: Uint8Array,
): { der: Uint8Array; compact: Uint8Array; recovery: number } {
  const sig = secp256k1.sign(hash, key, { lowS: true })
  return { der: sig.toDERRawBytes(), compact: sig.toCompactRawBytes(), recovery: sig.recovery }
}
