import type { SignedMessage } from '@portico/core'
import { MethodNotSupportedError } from '@portico/core'
import { toHexString } from '../client/index.js'
import { InvalidWalletResponseError, toCosmosPorticoError } from '../errors/index.js'
import type { Keplr } from '../keplr/index.js'
import { makeAdr036SignDoc } from './adr036.js'

function decodeBase64(value: unknown, what: string): Uint8Array {
  if (typeof value !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(value) || value.length % 4 !== 0) {
    throw new InvalidWalletResponseError(`${what} is not base64`)
  }
  return Uint8Array.from(atob(value), (c) => c.charCodeAt(0))
}

/**
 * Signs a message with ADR-036 (`signArbitrary`) and checks the answer: a
 * 64-byte signature made by the connected account's key (the wallet's
 * `pub_key` must be the one `getKey` gave). Returns the base64 signature,
 * the 0x-hex public key a verifier needs, and the sign-doc bytes the wallet
 * actually signed.
 */
export async function signCosmosMessage(params: {
  keplr: Keplr
  chainId: string
  address: string
  message: string | Uint8Array
  /** The key `getKey` returned for the account. */
  pubKey: Uint8Array
}): Promise<SignedMessage> {
  if (typeof params.message !== 'string' && !(params.message instanceof Uint8Array)) {
    throw new InvalidWalletResponseError('message must be a string or bytes')
  }
  if (typeof params.keplr.signArbitrary !== 'function')
    throw new MethodNotSupportedError({ method: 'signArbitrary' })
  let answer: unknown
  try {
    answer = await params.keplr.signArbitrary(params.chainId, params.address, params.message)
  } catch (e) {
    throw toCosmosPorticoError(e)
  }
  const a = answer as { signature?: unknown; pub_key?: { value?: unknown } } | null
  const signature = decodeBase64(a?.signature, 'signature')
  if (signature.length !== 64)
    throw new InvalidWalletResponseError(`signature is ${signature.length} bytes, not 64`)
  const pubKey = decodeBase64(a?.pub_key?.value, 'pub_key')
  if (toHexString(pubKey) !== toHexString(params.pubKey)) {
    throw new InvalidWalletResponseError('the signature is by another key than the connected account')
  }
  const { serializeSignDoc } = await import('@cosmjs/amino')
  return {
    signature: a!.signature as string,
    publicKey: toHexString(pubKey),
    signedMessage: serializeSignDoc(makeAdr036SignDoc(params.address, params.message)),
  }
}
