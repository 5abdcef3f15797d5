// Bitcoin message signatures: the legacy "Bitcoin Signed Message" ECDSA
// format (BIP-137 headers) and BIP-322 "simple" (p2wpkh, p2sh-p2wpkh and p2tr key path).
import * as ecc from '@bitcoinerlab/secp256k1'
import {
  type Network as BitcoinJsNetwork,
  script as bscript,
  crypto,
  Psbt,
  payments,
  Transaction,
} from 'bitcoinjs-lib'
import { parseBitcoinAddress } from '../address/index.js'
import { ensureEcc } from '../address/script.js'
import { fromBase64, toBase64 } from '../bytes/index.js'
import { UnsupportedMessageAddressError } from '../errors/index.js'

const utf8 = new TextEncoder()
const MAGIC = utf8.encode('Bitcoin Signed Message:\n')

function varint(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n)
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >> 8)
  return Uint8Array.of(0xfe, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff)
}
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}
const toBytes = (message: string | Uint8Array) =>
  typeof message === 'string' ? utf8.encode(message) : message
const b64 = toBase64
const maybeBase64 = (text: string): Uint8Array | undefined => {
  try {
    return fromBase64(text)
  } catch {
    return undefined
  }
}
const eq = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i])

/** sha256d of the "Bitcoin Signed Message" envelope: what ECDSA message signatures sign. */
export function bitcoinMessageHash(message: string | Uint8Array): Uint8Array {
  const bytes = toBytes(message)
  return crypto.hash256(concat(varint(MAGIC.length), MAGIC, varint(bytes.length), bytes))
}

/** BIP-137's first header byte (before + recid) per address type (compressed keys). */
const ECDSA_HEADER = { p2pkh: 31, 'p2sh-p2wpkh': 35, p2wpkh: 39 } as const

/**
 * Signs a message the legacy way (65 bytes, base64): header 31+recid for
 * p2pkh, 35+recid for p2sh-p2wpkh, 39+recid for p2wpkh (BIP-137), then r and s.
 */
export function signMessageEcdsa(
  message: string | Uint8Array,
  privateKey: Uint8Array,
  addressType: keyof typeof ECDSA_HEADER,
): string {
  const { signature, recoveryId } = ecc.signRecoverable(bitcoinMessageHash(message), privateKey)
  const header = ECDSA_HEADER[addressType] + recoveryId
  return b64(concat(Uint8Array.of(header), signature))
}

/** Verifies a legacy ECDSA message signature against a p2pkh or p2wpkh (or p2sh-p2wpkh) address. */
export function verifyMessageEcdsa(
  message: string | Uint8Array,
  address: string,
  signatureBase64: string,
  params: BitcoinJsNetwork,
): boolean {
  const sig = maybeBase64(signatureBase64)
  if (sig?.length !== 65) return false
  const header = sig[0]!
  if (header < 27 || header > 42) return false
  const recid = ((header - 27) & 3) as 0 | 1 | 2 | 3
  const compressed = header >= 31
  let pubkey: Uint8Array | null
  try {
    pubkey = ecc.recover(bitcoinMessageHash(message), sig.subarray(1), recid, compressed)
  } catch {
    return false
  }
  if (!pubkey) return false
  let target: ReturnType<typeof parseBitcoinAddress>
  try {
    target = parseBitcoinAddress(address, params)
  } catch {
    return false
  }
  const hash = crypto.hash160(pubkey)
  const candidates = [
    payments.p2pkh({ hash, network: params }).output!,
    payments.p2wpkh({ hash, network: params }).output!,
    payments.p2sh({ redeem: payments.p2wpkh({ hash, network: params }), network: params }).output!,
  ]
  return candidates.some((c) => eq(c, target.script))
}

/** BIP-322's tagged hash of the message. */
function bip322MessageHash(message: Uint8Array): Uint8Array {
  const tag = crypto.sha256(utf8.encode('BIP0322-signed-message'))
  return crypto.sha256(concat(tag, tag, message))
}

/** The BIP-322 `to_spend` transaction for `script` and its txid. */
function toSpend(message: Uint8Array, script: Uint8Array): Transaction {
  const tx = new Transaction()
  tx.version = 0
  tx.locktime = 0
  tx.addInput(
    new Uint8Array(32),
    0xffffffff,
    0,
    bscript.compile([bscript.OPS.OP_0!, bip322MessageHash(message)]),
  )
  tx.addOutput(script, 0n)
  return tx
}

function toSignPsbt(
  message: Uint8Array,
  script: Uint8Array,
  params: BitcoinJsNetwork,
  spend: { internalKey?: Uint8Array; redeemScript?: Uint8Array } = {},
): Psbt {
  const tx = toSpend(message, script)
  const psbt = new Psbt({ network: params })
  psbt.setVersion(0)
  psbt.setLocktime(0)
  psbt.addInput({
    hash: tx.getHash(),
    index: 0,
    sequence: 0,
    witnessUtxo: { script, value: 0n },
    ...(spend.internalKey ? { tapInternalKey: spend.internalKey } : {}),
    ...(spend.redeemScript ? { redeemScript: spend.redeemScript } : {}),
  })
  psbt.addOutput({ script: bscript.compile([bscript.OPS.OP_RETURN!]), value: 0n })
  return psbt
}

function encodeWitness(items: Uint8Array[]): Uint8Array {
  return concat(varint(items.length), ...items.flatMap((item) => [varint(item.length), item]))
}

function decodeWitness(bytes: Uint8Array): Uint8Array[] | undefined {
  let at = 0
  const read = (): number | undefined => {
    const first = bytes[at++]
    if (first === undefined) return undefined
    if (first < 0xfd) return first
    if (first === 0xfd && at + 2 <= bytes.length) {
      const n = bytes[at]! | (bytes[at + 1]! << 8)
      at += 2
      return n
    }
    return undefined
  }
  const count = read()
  if (count === undefined || count > 16) return undefined
  const items: Uint8Array[] = []
  for (let i = 0; i < count; i++) {
    const n = read()
    if (n === undefined || at + n > bytes.length) return undefined
    items.push(bytes.subarray(at, at + n))
    at += n
  }
  return at === bytes.length ? items : undefined
}

/** A BIP-322 signer: the key of a p2wpkh or p2sh-p2wpkh address (`publicKey` 33 bytes) or the tweaked key of a p2tr one. */
export interface Bip322Signer {
  publicKey: Uint8Array
  sign?(hash: Uint8Array): Uint8Array
  signSchnorr?(hash: Uint8Array): Uint8Array
}

/** The p2wpkh program of a compressed key: the redeem script of its p2sh-p2wpkh address. */
const p2wpkhProgram = (publicKey: Uint8Array) =>
  bscript.compile([bscript.OPS.OP_0!, crypto.hash160(publicKey)])

/**
 * Signs BIP-322 "simple" for a p2wpkh, p2sh-p2wpkh (the `to_sign` input
 * spends the p2sh output with the key's p2wpkh program as redeem script; the
 * signature is the witness alone) or p2tr (key path) address: the witness of
 * the `to_sign` transaction, base64. Any other kind (p2wsh, p2pkh, a p2sh
 * that is not the signer's p2sh-p2wpkh) throws `UnsupportedMessageAddressError`.
 */
export function signMessageBip322(
  message: string | Uint8Array,
  address: string,
  signer: Bip322Signer,
  params: BitcoinJsNetwork,
  internalKey?: Uint8Array,
): string {
  ensureEcc()
  const { script, type } = parseBitcoinAddress(address, params)
  let spend: { internalKey?: Uint8Array; redeemScript?: Uint8Array } = {}
  if (type === 'p2tr') spend = internalKey ? { internalKey } : {}
  else if (type === 'p2sh') {
    const redeemScript = p2wpkhProgram(signer.publicKey)
    if (signer.publicKey.length !== 33 || !eq(crypto.hash160(redeemScript), script.subarray(2, 22)))
      throw new UnsupportedMessageAddressError(address, 'p2sh that is not the p2sh-p2wpkh of this key')
    spend = { redeemScript }
  } else if (type !== 'p2wpkh') throw new UnsupportedMessageAddressError(address, type)
  const psbt = toSignPsbt(toBytes(message), script, params, spend)
  psbt.signInput(0, signer as never)
  psbt.finalizeAllInputs()
  return b64(encodeWitness(psbt.extractTransaction(true).ins[0]!.witness))
}

/**
 * Verifies a BIP-322 "simple" signature for a p2wpkh, p2sh-p2wpkh or p2tr
 * address (p2sh: the witness key's p2wpkh program must hash to the address;
 * p2tr: key-path, SIGHASH_DEFAULT or ALL). False for anything else (p2wsh,
 * p2pkh, other p2sh scripts).
 */
export function verifyMessageBip322(
  message: string | Uint8Array,
  address: string,
  signatureBase64: string,
  params: BitcoinJsNetwork,
): boolean {
  ensureEcc()
  let target: ReturnType<typeof parseBitcoinAddress>
  try {
    target = parseBitcoinAddress(address, params)
  } catch {
    return false
  }
  const bytes = maybeBase64(signatureBase64)
  const witness = bytes && decodeWitness(bytes)
  if (!witness) return false
  const spend = toSpend(toBytes(message), target.script)
  const toSign = new Transaction()
  toSign.version = 0
  toSign.locktime = 0
  toSign.addInput(spend.getHash(), 0, 0)
  toSign.addOutput(bscript.compile([bscript.OPS.OP_RETURN!]), 0n)
  try {
    if (target.type === 'p2wpkh' || target.type === 'p2sh') {
      const [der, pubkey] = witness
      if (witness.length !== 2 || !der || !pubkey || pubkey.length !== 33) return false
      // p2wpkh: the program is the key hash; p2sh-p2wpkh: the script hash is that of the key's p2wpkh program.
      const bound =
        target.type === 'p2wpkh'
          ? eq(crypto.hash160(pubkey), target.script.subarray(2))
          : eq(crypto.hash160(p2wpkhProgram(pubkey)), target.script.subarray(2, 22))
      if (!bound) return false
      const { signature, hashType } = bscript.signature.decode(der)
      // BIP-143 for both: the scriptSig pushing the redeem script is not part of the sighash.
      const scriptCode = payments.p2pkh({ hash: crypto.hash160(pubkey) }).output!
      const hash = toSign.hashForWitnessV0(0, scriptCode, 0n, hashType)
      return ecc.verify(hash, pubkey, signature)
    }
    if (target.type === 'p2tr') {
      const [sig] = witness
      if (witness.length !== 1 || !sig || (sig.length !== 64 && sig.length !== 65)) return false
      const hashType = sig.length === 65 ? sig[64]! : Transaction.SIGHASH_DEFAULT
      if (hashType !== Transaction.SIGHASH_DEFAULT && hashType !== Transaction.SIGHASH_ALL) return false
      const hash = toSign.hashForWitnessV1(0, [target.script], [0n], hashType)
      return ecc.verifySchnorr(hash, target.script.subarray(2), sig.subarray(0, 64))
    }
  } catch {
    return false
  }
  return false
}

/**
 * Verifies a Bitcoin message signature with the given protocol (`ecdsa`: the
 * legacy format for p2pkh / p2wpkh; `bip322`: BIP-322 simple for p2wpkh, p2sh-p2wpkh and p2tr).
 *
 * @example
 * verifyBitcoinMessage({ message: 'hi', address, signature, protocol: 'bip322', params: addressParams(id) })
 */
export function verifyBitcoinMessage(args: {
  message: string | Uint8Array
  address: string
  signature: string
  protocol: 'ecdsa' | 'bip322'
  params: BitcoinJsNetwork
}): boolean {
  return args.protocol === 'ecdsa'
    ? verifyMessageEcdsa(args.message, args.address, args.signature, args.params)
    : verifyMessageBip322(args.message, args.address, args.signature, args.params)
}
