import { u8aEq, u8aToU8a, u8aWrapBytes } from '@polkadot/util'
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import type { SignedMessage } from '@portico/core'

/**
 * Polkadot `signRaw` of bytes: `signatureVerify` (sr25519, ed25519 or ecdsa,
 * detected) over the message wrapped in `<Bytes>…</Bytes>`, as extensions sign
 * it. A `signedMessage` must be exactly those bytes.
 */
export async function verifyPolkadotMessage(args: {
  address: string
  message: string
  signed: SignedMessage
}): Promise<boolean> {
  await cryptoWaitReady()
  const { address, message, signed } = args
  const wrapped = u8aWrapBytes(u8aToU8a(message))
  if (signed.signedMessage && !u8aEq(signed.signedMessage, wrapped)) return false
  try {
    return signatureVerify(wrapped, signed.signature, address).isValid
  } catch {
    return false
  }
}
