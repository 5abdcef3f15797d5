import type { Card } from '../approve/card.js'
import { type ChainKeys, type ChainRequest, ChainWireError } from '../chain-keys.js'
import { ed25519FromSeed } from '../ed25519.js'
import type { DecodedCall } from './decode.js'
import { polkadotPublicKey, polkadotSeed, polkadotSigner } from './key.js'
import { decoderCache, gatewayMetadata, type MetadataSource } from './metadata.js'
import { checkPayload, type PolkadotPayload, signingBytes } from './payload.js'
import { messageBytes, POLKADOT_PUBLIC_METHODS, parsePolkadotRequest } from './protocol.js'
import { fromHex, toHex } from './scale.js'
import { GENERIC_SS58_PREFIX, ss58Decode, ss58Encode } from './ss58.js'
import { pt } from './strings.js'

const utf8 = new TextEncoder()
const OPEN = utf8.encode('<Bytes>')
const CLOSE = utf8.encode('</Bytes>')
/** MultiSignature's variant index of an ed25519 signature. */
const ED25519 = 0

const startsWith = (bytes: Uint8Array, part: Uint8Array, at = 0) => part.every((b, i) => bytes[at + i] === b)
const isWrapped = (bytes: Uint8Array) =>
  bytes.length >= OPEN.length + CLOSE.length &&
  startsWith(bytes, OPEN) &&
  startsWith(bytes, CLOSE, bytes.length - CLOSE.length)

/**
 * The bytes a message signature covers: the message in `<Bytes>…</Bytes>`
 * (left as is when the dApp already wrapped it), as polkadot.js extensions
 * sign `signRaw({ type: 'bytes' })`. The wrapping keeps a message signature
 * from ever being a valid transaction signature.
 */
function wrappedMessage(message: string): Uint8Array {
  const bytes = messageBytes(message)
  if (isWrapped(bytes)) return bytes
  const out = new Uint8Array(OPEN.length + bytes.length + CLOSE.length)
  out.set(OPEN)
  out.set(bytes, OPEN.length)
  out.set(CLOSE, OPEN.length + bytes.length)
  return out
}

/** The request's account, which must be this key's (any network's prefix). */
function ownAccount(address: unknown, publicKey: string): string {
  const decoded = typeof address === 'string' ? ss58Decode(address) : undefined
  if (!decoded || toHex(decoded.publicKey) !== publicKey)
    throw new ChainWireError(`the account ${String(address)} is not this wallet's`)
  return address as string
}

/** The payload of a signTransaction request, its account checked against this key. */
function transactionOf(request: ChainRequest, publicKey: string): PolkadotPayload {
  const payload = request.params.transactionPayload as PolkadotPayload
  ownAccount(request.params.address, publicKey)
  ownAccount(payload.address, publicKey)
  return payload
}

/** A message as the card shows it: printable UTF-8 as text, anything else as hex. */
function shownMessage(message: string): string {
  let bytes = messageBytes(message)
  if (isWrapped(bytes)) bytes = bytes.subarray(OPEN.length, bytes.length - CLOSE.length)
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes)
  const printable = /^[\P{Cc}\n\t]*$/u.test(text) && !text.includes('\uFFFD')
  return printable ? text : `0x${toHex(bytes)}`
}

/** `0x00 ‖ signature`: an ed25519 `MultiSignature`, the form the runtime and polkadot.js extensions use. */
const multiSignature = (signature: Uint8Array) => `0x${toHex(Uint8Array.of(ED25519))}${toHex(signature)}`

/**
 * The frame's Polkadot key (issue 14): accounts on any SS58 network,
 * `polkadot_signMessage` (a `signRaw` of bytes) and `polkadot_signTransaction`
 * (a `signPayload` of a polkadot.js `SignerPayloadJSON`, encoded here with
 * SCALE for the standard signed extensions). The card decodes the call with
 * the runtime's metadata from `metadata` (cached by chain and spec version);
 * a call it cannot decode is shown as bytes under a blind-signing warning.
 * Either way the bytes signed are the payload's, unchanged.
 */
export function createPolkadotKeys(metadata: MetadataSource): ChainKeys<Promise<Card>> {
  const decoders = decoderCache(metadata)

  async function decoded(p: PolkadotPayload, chainId: string, call: Uint8Array) {
    const decode = await decoders({ chainId, specVersion: Number(p.specVersion), blockHash: p.blockHash })
    return decode?.(call)
  }

  const callLines = (d: DecodedCall | undefined, call: Uint8Array) =>
    d ? [pt('callDecoded', { call: `${d.pallet}.${d.method}` })] : [pt('call', { bytes: call.length })]

  return {
    type: 'polkadot',
    publicMethods: POLKADOT_PUBLIC_METHODS,
    parse: parsePolkadotRequest,

    async publicKey(secret) {
      return toHex(await polkadotPublicKey(secret))
    },

    answerPublic(request, publicKey) {
      if (request.method !== 'polkadot_getAccounts')
        throw new ChainWireError(`${request.method} is not public`)
      const key = fromHex(publicKey)
      return [
        {
          address: ss58Encode(key, request.params.ss58Prefix as number),
          publicKey: `0x${publicKey}`,
          type: 'ed25519',
        },
      ]
    },

    async describe(request, publicKey) {
      if (request.method === 'polkadot_signMessage') {
        const address = ownAccount(request.params.address, publicKey)
        return {
          title: pt('signMessage'),
          lines: [pt('account', { address }), pt('network', { network: request.chainId })],
          details: [{ label: pt('messageLabel'), text: shownMessage(request.params.message as string) }],
        }
      }
      if (request.method !== 'polkadot_signTransaction')
        throw new ChainWireError(`${request.method} is not supported`)
      const p = transactionOf(request, publicKey)
      const mortality = checkPayload(p, request.chainId)
      const call = fromHex(p.method)
      const d = await decoded(p, request.chainId, call)
      return {
        title: pt('signTransaction'),
        // A call the metadata does not read is signed blind, and said so first.
        ...(d ? {} : { warnings: [pt('notDecoded')] }),
        lines: [
          pt('network', { network: request.chainId }),
          pt('account', { address: p.address }),
          ...callLines(d, call),
          pt('nonce', { nonce: p.nonce }),
          pt('tip', { tip: p.tip }),
          ...(p.assetId && p.assetId !== '0x00' && p.signedExtensions.includes('ChargeAssetTxPayment')
            ? [pt('feeAsset', { asset: p.assetId })]
            : []),
          mortality.immortal
            ? pt('immortal')
            : pt('mortal', { period: mortality.period, birth: mortality.birth.toString() }),
          pt('specVersion', { spec: p.specVersion }),
          ...(p.mode === 1 && p.metadataHash ? [pt('metadataHash', { hash: p.metadataHash })] : []),
        ],
        details: [
          ...(d
            ? [
                {
                  label: pt('argsLabel', { call: `${d.pallet}.${d.method}` }),
                  text: d.args.trimStart() || '()',
                },
              ]
            : []),
          { label: d ? pt('callBytesLabel') : pt('callLabel'), text: `0x${toHex(call)}` },
        ],
      }
    },

    async sign(secret, request) {
      const signer = await polkadotSigner(secret)
      const publicKey = toHex(signer.publicKey)
      if (request.method === 'polkadot_signMessage') {
        ownAccount(request.params.address, publicKey)
        const bytes = wrappedMessage(request.params.message as string)
        return { signature: multiSignature(await signer.sign(bytes)) }
      }
      if (request.method !== 'polkadot_signTransaction')
        throw new ChainWireError(`${request.method} is not supported`)
      // The checks the card made, made again on what is signed.
      const p = transactionOf(request, publicKey)
      checkPayload(p, request.chainId)
      return { signature: multiSignature(await signer.sign(signingBytes(p))) }
    },

    async exportKey(secret) {
      const seed = await polkadotSeed(secret)
      try {
        const ed = await ed25519FromSeed(seed)
        ed.pkcs8.fill(0)
        const address = ss58Encode(ed.publicKey, GENERIC_SS58_PREFIX)
        return { label: pt('exportLabel'), key: `0x${toHex(seed)}`, note: pt('exportNote', { address }) }
      } finally {
        seed.fill(0)
      }
    },
  }
}

/** The frame's Polkadot key with the gateway's metadata (`GET /polkadot/metadata` on the signer origin). */
export const polkadotKeys: ChainKeys<Promise<Card>> = createPolkadotKeys(gatewayMetadata)
