import type { TypeRegistry } from '@polkadot/types'
import type { SignerPayloadJSON } from '@polkadot/types/types'
import { compactToU8a, hexToU8a, u8aConcat, u8aToHex } from '@polkadot/util'

/** A signed (bit 7) version-4 extrinsic. */
const SIGNED_V4 = 0x84
/** `MultiAddress::Id`: the address form of the Substrate chains Portico supports. */
const MULTI_ADDRESS_ID = 0x00

interface StructLike {
  get(key: string): { toU8a(): Uint8Array } | undefined
}

/**
 * The signed extrinsic a payload and its signature make (extrinsic format v4,
 * as the Substrate docs lay it out): compact length, `0x84`, the signer as
 * `MultiAddress::Id`, the signature with its key-type byte, the signed
 * extensions' extra fields (era, nonce, tip, mode…: those the payload lists)
 * and the call. What wallets answer to `withSignedTransaction`.
 */
export function buildSignedExtrinsic(
  registry: TypeRegistry,
  payload: SignerPayloadJSON,
  publicKey: Uint8Array,
  signature: `0x${string}`,
): `0x${string}` {
  const version = payload.version ?? 4
  if (version !== 4) throw new TypeError(`extrinsic version ${version} is not supported (only 4)`)
  const encoded = registry.createType('ExtrinsicPayload', payload, { version }) as unknown as {
    inner: StructLike
  }
  const extra = Object.keys(registry.getSignedExtensionTypes()).map((key) => {
    const field = encoded.inner.get(key)
    if (!field) throw new TypeError(`the payload has no ${key}`)
    return field.toU8a()
  })
  const body = u8aConcat(
    [SIGNED_V4, MULTI_ADDRESS_ID],
    publicKey,
    hexToU8a(signature),
    ...extra,
    hexToU8a(payload.method),
  )
  return u8aToHex(u8aConcat(compactToU8a(body.length), body))
}
