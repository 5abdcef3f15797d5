/**
 * The Solana answers of the frame protocol (v1), dApp side. The frame is a
 * separate origin: what it answers is untrusted here until it passes these
 * checks (the Solana adapter then checks the bytes again).
 */

/** A Solana address: 32–44 base58 characters. */
export const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
/** A 64-byte signature in base58 (at most 88 characters). */
const SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/
/** Base64 of at most one packet (1232 bytes). */
const TRANSACTION = /^[A-Za-z0-9+/]{4,1644}={0,2}$/

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** The base58 signature of a `{ signature }` answer, or undefined. */
export function parseSolanaSignature(result: unknown): string | undefined {
  return isObj(result) && typeof result.signature === 'string' && SIGNATURE.test(result.signature)
    ? result.signature
    : undefined
}

/** The signed transaction (base64) of a `{ transaction }` answer, or undefined. */
export function parseSolanaSigned(result: unknown): string | undefined {
  return isObj(result) &&
    typeof result.transaction === 'string' &&
    TRANSACTION.test(result.transaction) &&
    result.transaction.length % 4 === 0
    ? result.transaction
    : undefined
}
