import type { SignedMessage } from '@portico/core'
import { MethodNotSupportedError } from '@portico/core'
import { toHexString } from '../client/index.js'
import { InvalidWalletResponseError, toCosmosPorticoError } from '../errors/index.js'
import type { Keplr } from '../keplr/index.js'
import { ETH_SECP256K1_KEY_TYPES, makeAdr036SignDoc } from './adr036.js'

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
 * the 0x-hex public key a verifier needs (with its protobuf type URL for an
 * `ethsecp256k1` key: Ethermint's, or Injective's when the wallet names it
 * so), and the sign-doc bytes the wallet actually signed.
 */
export async function signCosmosMessage(params: {
  keplr: Keplr
  chainId: string
  address: string
  message: string | Uint8Array
  /** The key `getKey` returned for the account. */
  pubKey: Uint8Array
  /** `getKey`'s `algo` (default `secp256k1`). */
  algo?: string
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
  const a = answer as { signature?: unknown; pub_key?: { type?: unknown; value?: unknown } } | null
  const signature = decodeBase64(a?.signature, 'signature')
  if (signature.length !== 64)
    throw new InvalidWalletResponseError(`signature is ${signature.length} bytes, not 64`)
  const pubKey = decodeBase64(a?.pub_key?.value, 'pub_key')
  if (toHexString(pubKey) !== toHexString(params.pubKey)) {
    throw new InvalidWalletResponseError('the signature is by another key than the connected account')
  }
  const { serializeSignDoc } = await import('@cosmjs/amino')
  const injective = typeof a?.pub_key?.type === 'string' && a.pub_key.type.startsWith('injective/')
  return {
    signature: a!.signature as string,
    publicKey: toHexString(pubKey),
    ...(params.algo === 'ethsecp256k1' ? { publicKeyType: ETH_SECP256K1_KEY_TYPES[injective ? 1 : 0] } : {}),
    signedMessage: serializeSignDoc(makeAdr036SignDoc(params.address, params.message)),
  }
}
