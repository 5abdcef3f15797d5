import { createPublicKey, verify } from 'node:crypto'
import type { SignedMessage } from '@portico/core'
import { getBase58Encoder } from '@solana/kit'

/** The signing domain of Solana off-chain messages (`\xffsolana offchain`), the one envelope a wallet may put around a message. */
const OFFCHAIN_DOMAIN = new Uint8Array([0xff, ...new TextEncoder().encode('solana offchain')])

const startsWith = (bytes: Uint8Array, head: Uint8Array) =>
  bytes.length >= head.length && head.every((b, i) => bytes[i] === b)
const endsWith = (bytes: Uint8Array, tail: Uint8Array) =>
  bytes.length >= tail.length && tail.every((b, i) => bytes[bytes.length - tail.length + i] === b)

/**
 * True when `signed` are the bytes a wallet may sign for `message`: the
 * message itself, or the message at the end of a Solana off-chain message
 * envelope (its signing domain first). Any other bytes — another message, or
 * the message inside text a wallet made up — are not tied to what was asked.
 */
function tiedToMessage(signed: Uint8Array, message: Uint8Array): boolean {
  if (signed.length === message.length) return endsWith(signed, message)
  return startsWith(signed, OFFCHAIN_DOMAIN) && endsWith(signed, message)
}

/**
 * Solana `signMessage`: an ed25519 signature by the address's key over the
 * bytes the wallet signed. A `signedMessage` must be tied to the message that
 * was asked (the message itself, or it inside a Solana off-chain message
 * envelope): one that is not is refused, however valid its signature.
 */
export async function verifySolanaMessage(args: {
  address: string
  message: string
  signed: SignedMessage
}): Promise<boolean> {
  const { address, message, signed } = args
  const text = new TextEncoder().encode(message)
  const bytes = signed.signedMessage ?? text
  if (!tiedToMessage(bytes, text)) return false
  let key: ReturnType<typeof createPublicKey>
  let signature: Uint8Array
  try {
    const raw = getBase58Encoder().encode(address)
    if (raw.length !== 32) return false
    key = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(raw).toString('base64url') },
      format: 'jwk',
    })
    signature = new Uint8Array(getBase58Encoder().encode(signed.signature))
  } catch {
    return false
  }
  if (signature.length !== 64) return false
  return verify(null, bytes, key, signature)
}
