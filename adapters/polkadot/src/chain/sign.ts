import type { Signer } from '@polkadot/api/types'
import type { SignedMessage } from '@portico/core'
import { assertNetworkAddress, toHex } from '../address/index.js'
import { InvalidExtensionResponseError, toPolkadotPorticoError } from '../errors/index.js'

const utf8 = new TextEncoder()
const OPEN = utf8.encode('<Bytes>')
const CLOSE = utf8.encode('</Bytes>')

/** The bytes extensions really sign for `signRaw({ type: 'bytes' })`: the message wrapped in `<Bytes>…</Bytes>`. */
export function wrapBytes(message: Uint8Array): Uint8Array {
  const out = new Uint8Array(OPEN.length + message.length + CLOSE.length)
  out.set(OPEN)
  out.set(message, OPEN.length)
  out.set(CLOSE, OPEN.length + message.length)
  return out
}

/**
 * Signs a message with the extension's `signer.signRaw` (type `bytes`). The
 * extension wraps the bytes in `<Bytes>…</Bytes>` before signing (so a
 * signature can never be a valid transaction); the signature is checked here
 * with `signatureVerify` against the wrapped bytes (then the bare ones, for
 * extensions that do not wrap), and `signedMessage` says which bytes were
 * signed. A signature that verifies against neither is refused.
 */
export async function signRawMessage(params: {
  signer: Signer
  address: string
  ss58Prefix: number
  message: string | Uint8Array
}): Promise<SignedMessage> {
  const { signer, address } = params
  assertNetworkAddress(address, params.ss58Prefix)
  if (typeof params.message !== 'string' && !(params.message instanceof Uint8Array))
    throw new TypeError('signMessage: message must be a string or Uint8Array')
  const bytes = typeof params.message === 'string' ? utf8.encode(params.message) : params.message
  if (typeof signer.signRaw !== 'function')
    throw new InvalidExtensionResponseError('the extension has no signRaw')
  let result: unknown
  try {
    result = await signer.signRaw({ address, data: toHex(bytes), type: 'bytes' })
  } catch (e) {
    throw toPolkadotPorticoError(e)
  }
  const signature = (result as { signature?: unknown } | null)?.signature
  if (typeof signature !== 'string' || !/^0x([0-9a-fA-F]{2}){64,65}$/.test(signature))
    throw new InvalidExtensionResponseError('signRaw returned no 64/65-byte hex signature')
  // No cryptoWaitReady(): the check must not wait for @polkadot/wasm-crypto, which a page whose CSP
  // lacks 'wasm-unsafe-eval' never gets (README, "Content Security Policy"). Every primitive used
  // here has a pure-JS path (sr25519 through @scure/sr25519, hashing through noble).
  const { signatureVerify, decodeAddress } = await import('@polkadot/util-crypto')
  const publicKey = toHex(decodeAddress(address))
  for (const signed of [wrapBytes(bytes), bytes]) {
    if (signatureVerify(signed, signature, address).isValid)
      return { signature, publicKey, signedMessage: signed }
  }
  throw new InvalidExtensionResponseError(`the signature does not verify for ${address}`)
}
