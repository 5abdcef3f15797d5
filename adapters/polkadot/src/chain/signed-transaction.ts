import type { Signer } from '@polkadot/api/types'
import type { Registry, SignerPayloadJSON, SignerResult } from '@polkadot/types/types'
import { InvalidExtensionResponseError, toPolkadotPorticoError } from '../errors/index.js'

const SIGNATURE = /^0x([0-9a-fA-F]{2}){64,66}$/
const HEX = /^0x([0-9a-fA-F]{2})+$/

/** What a decoded signed extrinsic exposes (the fields of `GenericExtrinsic` read here). */
interface DecodedExtrinsic {
  isSigned: boolean
  signer: { toString(): string }
  /** The bare signature (64 bytes for sr25519/ed25519), without the MultiSignature type byte. */
  signature: { toHex(): string }
  /** The MultiSignature as carried: the key-type byte, then the signature. */
  inner?: { signature?: { multiSignature?: { toHex(): string } } }
  method: { toHex(): string }
  era: { toHex(): string }
  nonce: { toBigInt(): bigint }
  tip: { toBigInt(): bigint }
  mode?: { toNumber(): number }
  assetId?: { toHex(): string }
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/**
 * Wraps an extension's signer so every `signPayload` answer is checked
 * before `@polkadot/api` uses it: an `{ id, signature }` object with a 64–66
 * byte hex signature, and — when the wallet answers `withSignedTransaction`
 * with the whole extrinsic (Talisman, SubWallet…) — an extrinsic that decodes
 * on the network, is signed by the account asked for, carries the very call,
 * era, nonce and tip of the payload, the signature the wallet answered, and
 * whose signature verifies over the payload it makes. The wallet may switch
 * on `CheckMetadataHash` (`mode: 1`, which Ledger's generic app needs); the
 * hash it signed is not in the extrinsic, so the signature is verified here
 * only when the app's payload gave the hash, else by the node, which refuses
 * a signature over another hash. Anything else is an
 * `InvalidExtensionResponseError` naming the wallet.
 */
export function checkedSigner(signer: Signer, wallet: string, registry: Registry): Signer {
  const invalid = (why: string) => new InvalidExtensionResponseError(why, { wallet })
  const signPayload = signer.signPayload?.bind(signer)
  return {
    ...(signer.signRaw ? { signRaw: signer.signRaw.bind(signer) } : {}),
    ...(signPayload
      ? {
          async signPayload(payload: SignerPayloadJSON): Promise<SignerResult> {
            let result: unknown
            try {
              result = await signPayload(payload)
            } catch (e) {
              throw toPolkadotPorticoError(e)
            }
            const r = result as Partial<SignerResult> | null
            if (!r || typeof r !== 'object') throw invalid('signPayload resolved no object')
            if (typeof r.signature !== 'string' || !SIGNATURE.test(r.signature))
              throw invalid('signPayload returned no hex signature')
            if (r.signedTransaction === undefined) return { id: Number(r.id) || 0, signature: r.signature }
            if (typeof r.signedTransaction !== 'string' || !HEX.test(r.signedTransaction))
              throw invalid('signedTransaction is not hex')
            await checkSignedTransaction(registry, payload, r.signature, r.signedTransaction, invalid)
            return { id: Number(r.id) || 0, signature: r.signature, signedTransaction: r.signedTransaction }
          },
        }
      : {}),
  }
}

async function checkSignedTransaction(
  registry: Registry,
  payload: SignerPayloadJSON,
  signature: `0x${string}`,
  signedTransaction: string,
  invalid: (why: string) => Error,
): Promise<void> {
  let ext: DecodedExtrinsic
  try {
    ext = registry.createType('Extrinsic', signedTransaction) as unknown as DecodedExtrinsic
  } catch {
    throw invalid('signedTransaction does not decode as an extrinsic of this network')
  }
  if (!ext.isSigned) throw invalid('signedTransaction is not signed')
  const { decodeAddress, signatureVerify, blake2AsU8a } = await import('@polkadot/util-crypto')
  const { u8aEq } = await import('@polkadot/util')
  if (!u8aEq(decodeAddress(ext.signer.toString()), decodeAddress(payload.address)))
    throw invalid('signedTransaction is signed by another account')
  if (!same(ext.method.toHex(), payload.method)) throw invalid('signedTransaction carries another call')
  if (!same(ext.era.toHex(), payload.era)) throw invalid('signedTransaction has another era')
  if (ext.nonce.toBigInt() !== BigInt(payload.nonce)) throw invalid('signedTransaction has another nonce')
  if (ext.tip.toBigInt() !== BigInt(payload.tip)) throw invalid('signedTransaction has another tip')
  // Extensions answer the MultiSignature (type byte + signature, as polkadot.js and Talisman do) or,
  // some, the bare signature: compare like with like.
  const carried =
    signature.length === 2 + 64 * 2 ? ext.signature.toHex() : ext.inner?.signature?.multiSignature?.toHex()
  if (!carried || !same(carried, signature))
    throw invalid('signedTransaction carries another signature than the one answered')
  const mode = ext.mode?.toNumber() ?? 0
  if (mode > 1) throw invalid(`signedTransaction has the unknown metadata hash mode ${mode}`)
  // The metadata hash is signed, never carried in the extrinsic (RFC-0078): the app's, when its
  // payload gave one; else only the runtime knows it, and the node refuses a signature that does not
  // cover its hash (everything else was checked above: account, call, era, nonce, tip, signature).
  const metadataHash = mode === 1 ? (payload as { metadataHash?: string }).metadataHash : undefined
  if (mode === 1 && !metadataHash) return
  // The payload the wallet signed: the app's, with the wallet's metadata-hash choice.
  const signed = registry
    .createType('ExtrinsicPayload', { ...payload, mode, metadataHash }, { version: payload.version })
    .toU8a({ method: true })
  const message = signed.length > 256 ? blake2AsU8a(signed) : signed
  if (!signatureVerify(message, signature, payload.address).isValid)
    throw invalid('the signature of signedTransaction does not verify over its payload')
}
