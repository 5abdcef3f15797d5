import { base64 } from '@scure/base'
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { AuthInfo, SignDoc, TxBody } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import type { Card } from '../approve/card.js'
import { ChainWireError } from '../chain-keys.js'
import { type AminoSignDoc, isAdr036, MAX_MSGS, serializeAminoSignDoc } from './amino.js'
import { AMINO_MSG_GRANT, aminoGrantWarning, grantWarning, MSG_GRANT } from './authz.js'
import { addressBytes, bech32Address, decodeAddress, sameBytes, sha256 } from './key.js'
import type { CosmosRequest, DirectSignDocWire } from './request.js'
import { ct } from './strings.js'

/** What a signing request shows and, once approved, what is signed and answered. */
export interface CosmosPrepared extends Card {
  /** The 32-byte hash the signature is over. */
  hash: Uint8Array
  /** The `signed` field of the answer (the doc exactly as asked). */
  signed: DirectSignDocWire | AminoSignDoc
}

const MSG_SEND = '/cosmos.bank.v1beta1.MsgSend'
const AMINO_MSG_SEND = 'cosmos-sdk/MsgSend'
/** A protobuf type URL as the Cosmos SDK's messages have (`/cosmos.bank.v1beta1.MsgSend`). */
const TYPE_URL = /^\/[A-Za-z_][A-Za-z0-9_.]{0,159}$/

/**
 * Untrusted text made safe to read on the card: it is rendered as text (never
 * HTML) anyway; here control and bidirectional-override characters, which
 * could make one string look like another, are replaced, and length capped.
 */
export function plain(value: string, max = 256): string {
  const cleaned = value.replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '\uFFFD')
  return cleaned.length > max ? `${cleaned.slice(0, max)}…` : cleaned
}

const coinText = (c: { denom: string; amount: string }) => `${plain(c.amount, 80)} ${plain(c.denom, 128)}`

/** `signerAddress` must be this key's account (its bytes; any chain's prefix), else the request is not for this wallet. */
function checkSigner(signerAddress: string, own: Uint8Array): void {
  const bytes = decodeAddress(signerAddress)
  if (!bytes || !sameBytes(bytes, own)) throw new ChainWireError('the signer is not this wallet')
}

/** "Send … to …" lines of one transfer; the sender is named when it is not this wallet. */
function sendLines(
  from: string,
  to: string,
  coins: readonly { denom: string; amount: string }[],
  own: Uint8Array,
): string[] {
  const fromOwn = sameBytes(decodeAddress(from) ?? new Uint8Array(), own)
  return coins.map((c) =>
    fromOwn
      ? ct('send', { amount: plain(c.amount, 80), denom: plain(c.denom, 128), to: plain(to) })
      : ct('sendFrom', {
          amount: plain(c.amount, 80),
          denom: plain(c.denom, 128),
          from: plain(from),
          to: plain(to),
        }),
  )
}

const feeLine = (coins: readonly { denom: string; amount: string }[], gas: string) =>
  ct('fee', { fee: coins.length ? coins.map(coinText).join(' + ') : ct('noFee'), gas: plain(gas, 24) })

function decoded<T>(what: string, decode: () => T): T {
  try {
    return decode()
  } catch {
    throw new ChainWireError(`${what} does not decode`)
  }
}

function prepareDirect(
  request: Extract<CosmosRequest, { method: 'cosmos_signDirect' }>,
  own: Uint8Array,
): CosmosPrepared {
  const doc = request.params.signDoc
  if (`cosmos:${doc.chainId}` !== request.chainId)
    throw new ChainWireError('the sign doc is for another chain')
  checkSigner(request.params.signerAddress, own)
  const bodyBytes = base64.decode(doc.bodyBytes)
  const authInfoBytes = base64.decode(doc.authInfoBytes)
  const body = decoded('the transaction body', () => TxBody.decode(bodyBytes))
  const auth = decoded('the auth info', () => AuthInfo.decode(authInfoBytes))
  // A body with no message is no transaction the chain takes: most likely bytes that are not a body at all.
  if (body.messages.length === 0) throw new ChainWireError('the transaction body has no message')
  if (body.messages.length > MAX_MSGS) throw new ChainWireError('the transaction has too many messages')
  // Protobuf decodes many byte strings as something: a message whose type is not a type URL shows they were not a body.
  if (!body.messages.every((m) => TYPE_URL.test(m.typeUrl)))
    throw new ChainWireError('the transaction body does not decode')
  const lines: string[] = []
  const warnings: string[] = []
  const details: { label: string; text: string }[] = []
  body.messages.forEach((m, n) => {
    if (m.typeUrl === MSG_SEND) {
      const send = decoded('a MsgSend', () => MsgSend.decode(m.value))
      lines.push(...sendLines(send.fromAddress, send.toAddress, send.amount, own))
      return
    }
    // Anything but a MsgSend is signed blind: named, its bytes shown whole.
    const type = plain(m.typeUrl, 160)
    lines.push(ct('message', { type }))
    warnings.push(m.typeUrl === MSG_GRANT ? grantWarning(m.value, plain) : ct('blind', { type }))
    details.push({ label: ct('messageBytes', { index: n + 1, type }), text: base64.encode(m.value) })
  })
  const extensions = [...body.extensionOptions, ...body.nonCriticalExtensionOptions]
  if (extensions.length)
    lines.push(ct('extensions', { types: extensions.map((e) => plain(e.typeUrl, 160)).join(', ') }))
  if (body.memo) lines.push(ct('memo', { memo: plain(body.memo, Number.POSITIVE_INFINITY) }))
  lines.push(feeLine(auth.fee?.amount ?? [], (auth.fee?.gasLimit ?? 0n).toString()))
  if (auth.fee?.granter) lines.push(ct('feeGranter', { granter: plain(auth.fee.granter) }))
  lines.push(ct('network', { network: plain(doc.chainId, 40) }))
  const signBytes = SignDoc.encode({
    bodyBytes,
    authInfoBytes,
    chainId: doc.chainId,
    accountNumber: BigInt(doc.accountNumber),
  }).finish()
  return {
    title: ct('signTransaction'),
    ...(warnings.length ? { warnings } : {}),
    lines,
    ...(details.length ? { details } : {}),
    hash: sha256(signBytes),
    signed: { ...doc },
  }
}

/** Printable UTF-8 shows as text; anything else as hex. */
function shownData(bytes: Uint8Array): string {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes)
  const printable = /^[\P{Cc}\n\t]*$/u.test(text) && !text.includes('\uFFFD')
  const shown = printable
    ? text.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '\uFFFD')
    : Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return shown
}

function prepareAdr036(doc: AminoSignDoc, signerAddress: string): CosmosPrepared {
  const msg = doc.msgs[0]
  const value = msg?.value ?? {}
  // Exactly the doc Keplr's signArbitrary signs (ADR-036): empty chain, zero numbers and fee, no memo.
  const adr036 =
    doc.msgs.length === 1 &&
    doc.chain_id === '' &&
    doc.account_number === '0' &&
    doc.sequence === '0' &&
    doc.fee.gas === '0' &&
    doc.fee.amount.length === 0 &&
    doc.fee.payer === undefined &&
    doc.fee.granter === undefined &&
    doc.memo === '' &&
    doc.timeout_height === undefined &&
    Object.keys(value).length === 2 &&
    typeof value.signer === 'string' &&
    typeof value.data === 'string'
  if (!adr036) throw new ChainWireError('a malformed ADR-036 sign doc')
  if (value.signer !== signerAddress)
    throw new ChainWireError('the ADR-036 signer is not the request’s signer')
  let data: Uint8Array
  try {
    data = base64.decode(value.data as string)
  } catch {
    throw new ChainWireError('the ADR-036 data is not base64')
  }
  return {
    title: ct('signMessage'),
    lines: [ct('signer', { address: plain(signerAddress) })],
    details: [{ label: ct('messageLabel'), text: shownData(data) }],
    hash: sha256(new TextEncoder().encode(serializeAminoSignDoc(doc))),
    signed: doc,
  }
}

function prepareAmino(
  request: Extract<CosmosRequest, { method: 'cosmos_signAmino' }>,
  own: Uint8Array,
): CosmosPrepared {
  const { signDoc: doc, signerAddress } = request.params
  checkSigner(signerAddress, own)
  if (isAdr036(doc)) return prepareAdr036(doc, signerAddress)
  if (`cosmos:${doc.chain_id}` !== request.chainId)
    throw new ChainWireError('the sign doc is for another chain')
  const lines: string[] = []
  const warnings: string[] = []
  const details: { label: string; text: string }[] = []
  for (const [n, m] of doc.msgs.entries()) {
    const v = m.value
    if (
      m.type === AMINO_MSG_SEND &&
      typeof v.from_address === 'string' &&
      typeof v.to_address === 'string' &&
      Array.isArray(v.amount) &&
      v.amount.every((c) => typeof c?.denom === 'string' && typeof c?.amount === 'string')
    )
      lines.push(...sendLines(v.from_address, v.to_address, v.amount, own))
    else {
      const type = plain(m.type, 160)
      lines.push(ct('message', { type }))
      warnings.push(m.type === AMINO_MSG_GRANT ? aminoGrantWarning(v, plain) : ct('blind', { type }))
      details.push({ label: ct('messageBytes', { index: n + 1, type }), text: JSON.stringify(v, null, 2) })
    }
  }
  if (doc.memo) lines.push(ct('memo', { memo: plain(doc.memo, Number.POSITIVE_INFINITY) }))
  lines.push(feeLine(doc.fee.amount, doc.fee.gas))
  if (doc.fee.granter) lines.push(ct('feeGranter', { granter: plain(doc.fee.granter) }))
  lines.push(ct('network', { network: plain(doc.chain_id, 40) }))
  return {
    title: ct('signTransaction'),
    ...(warnings.length ? { warnings } : {}),
    lines,
    ...(details.length ? { details } : {}),
    hash: sha256(new TextEncoder().encode(serializeAminoSignDoc(doc))),
    signed: doc,
  }
}

/**
 * Checks a signing request against this wallet's public key and reads it:
 * the card's lines and the hash to sign. Throws `ChainWireError` when the doc
 * is for another chain, the signer is not this wallet, or the bytes do not decode.
 */
export function prepareCosmos(request: CosmosRequest, publicKey: Uint8Array): CosmosPrepared {
  const own = addressBytes(publicKey)
  if (request.method === 'cosmos_signDirect') return prepareDirect(request, own)
  if (request.method === 'cosmos_signAmino') return prepareAmino(request, own)
  throw new ChainWireError('not a signing method')
}

/** The `cosmos_getAccounts` answer: this key's account with the chain's prefix. */
export const cosmosAccount = (prefix: string, publicKey: Uint8Array) => ({
  address: bech32Address(prefix, publicKey),
  algo: 'secp256k1' as const,
  pubkey: base64.encode(publicKey),
})
