import { type Hex, parseSignature, serializeSignature } from 'viem'

/** secp256k1 group order n, and n / 2: an `s` above it is the malleable twin of a valid signature. */
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n
const HALF_N = N >> 1n

/** Why a signature is not in canonical form. */
export class NonCanonicalSignatureError extends Error {
  override name = 'NonCanonicalSignatureError'
}

/**
 * The one canonical encoding of a 65-byte ECDSA signature: low `s`
 * (EIP-2), `v` as 27/28. A signature with a high `s`, a zero or
 * out-of-range `r`/`s`, or a `v` other than 0/1/27/28 is refused, so each
 * signed message has exactly one accepted signature and no replay key can
 * be dodged by re-encoding it.
 *
 * @example
 * canonicalSignature(sigWithV0) === canonicalSignature(sameSigWithV27) // true
 */
export function canonicalSignature(signature: string): Hex {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) {
    throw new NonCanonicalSignatureError('signature must be 65 bytes (0x + 130 hex digits)')
  }
  const v = Number.parseInt(signature.slice(130, 132), 16)
  if (![0, 1, 27, 28].includes(v)) throw new NonCanonicalSignatureError('signature v must be 0, 1, 27 or 28')
  let parsed: ReturnType<typeof parseSignature>
  try {
    parsed = parseSignature(signature as Hex)
  } catch {
    throw new NonCanonicalSignatureError('signature r or s is out of range')
  }
  const r = BigInt(parsed.r)
  const s = BigInt(parsed.s)
  if (r === 0n || r >= N || s === 0n || s >= N)
    throw new NonCanonicalSignatureError('signature r or s is out of range')
  if (s > HALF_N) throw new NonCanonicalSignatureError('signature s is high (EIP-2): send the low-s form')
  return serializeSignature({ r: parsed.r, s: parsed.s, yParity: v >= 27 ? v - 27 : v })
}
