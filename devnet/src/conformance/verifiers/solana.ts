import { createPublicKey, verify } from 'node:crypto'
import type { SignedMessage } from '@portico/core'
import { getBase58Encoder } from '@solana/kit'

function contains(haystack: Uint8Array, needle: Uint8Array): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer
    return true
  }
  return false
}

/**
 * Solana `signMessage`: an ed25519 signature by the address's key over the
 * bytes the wallet signed. A `signedMessage` must carry the message (the
 * Wallet Standard lets a wallet prefix it, never replace it): one that does
 * not is refused, however valid its signature.
 */
export async function verifySolanaMessage(args: {
  address: string
  message: string
  signed: SignedMessage
}): Promise<boolean> {
  const { address, message, signed } = args
  const text = new TextEncoder().encode(message)
  const bytes = signed.signedMessage ?? text
  if (!contains(bytes, text)) return false
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
