import * as ecc from '@bitcoinerlab/secp256k1'
import { script as bscript, crypto, Transaction } from 'bitcoinjs-lib'
import type { BitcoinSigningKey } from './keys.js'

/** A message protocol: legacy "Bitcoin Signed Message" ECDSA (BIP-137 headers) or BIP-322 "simple". */
export type BitcoinMessageProtocol = 'ecdsa' | 'bip322'

const utf8 = new TextEncoder()
const join = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}
/** Bitcoin's CompactSize prefix, for lengths up to 64 KiB (messages are text a visitor reads). */
const compactSize = (n: number) => (n < 0xfd ? Uint8Array.of(n) : Uint8Array.of(0xfd, n & 0xff, n >> 8))
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))

/** BIP-137 header base (plus the recovery id) by the address the key signs for. */
const BIP137_BASE = { p2wpkh: 39, 'p2sh-p2wpkh': 35 } as const

/** Legacy message signature: 65 bytes (header, r, s) over sha256d of the magic envelope, base64. */
function signEcdsa(key: BitcoinSigningKey, message: Uint8Array): string {
  if (key.addressType === 'p2tr')
    throw Object.assign(new Error('ECDSA signing needs a p2wpkh or p2sh-p2wpkh address'), { code: -32602 })
  const magic = utf8.encode('\x18Bitcoin Signed Message:\n')
  const digest = crypto.hash256(join([magic, compactSize(message.length), message]))
  const { signature, recoveryId } = ecc.signRecoverable(digest, key.privateKey)
  return base64(join([Uint8Array.of(BIP137_BASE[key.addressType] + recoveryId), signature]))
}

/**
 * BIP-322 "simple": the virtual `to_spend` (its input commits to the tagged
 * message hash, its output is the address's script) and `to_sign` (spends it,
 * one OP_RETURN output) transactions; the signature is `to_sign`'s witness,
 * serialized. Segwit v0 keys sign the BIP-143 digest (p2sh-p2wpkh: the same,
 * its p2wpkh program as script code), taproot keys the BIP-341 key-path digest.
 */
function signBip322(key: BitcoinSigningKey, message: Uint8Array): string {
  const tag = crypto.sha256(utf8.encode('BIP0322-signed-message'))
  const commitment = crypto.sha256(join([tag, tag, message]))
  const spend = new Transaction()
  spend.version = 0
  spend.addInput(new Uint8Array(32), 0xffffffff, 0, bscript.compile([bscript.OPS.OP_0!, commitment]))
  spend.addOutput(key.script, 0n)
  const sign = new Transaction()
  sign.version = 0
  sign.addInput(spend.getHash(), 0, 0)
  sign.addOutput(bscript.compile([bscript.OPS.OP_RETURN!]), 0n)
  let witness: Uint8Array[]
  if (key.addressType === 'p2tr') {
    const digest = sign.hashForWitnessV1(0, [key.script], [0n], Transaction.SIGHASH_DEFAULT)
    witness = [key.signer.signSchnorr!(digest)]
  } else {
    const pkh = crypto.hash160(key.compressedPublicKey)
    const scriptCode = bscript.compile([
      bscript.OPS.OP_DUP!,
      bscript.OPS.OP_HASH160!,
      pkh,
      bscript.OPS.OP_EQUALVERIFY!,
      bscript.OPS.OP_CHECKSIG!,
    ])
    const digest = sign.hashForWitnessV0(0, scriptCode, 0n, Transaction.SIGHASH_ALL)
    const der = bscript.signature.encode(key.signer.sign!(digest), Transaction.SIGHASH_ALL)
    witness = [der, key.compressedPublicKey]
  }
  return base64(join([compactSize(witness.length), ...witness.flatMap((w) => [compactSize(w.length), w])]))
}

/** Signs `message` with `key` in `protocol`; base64, as every wallet family answers it. */
export function signBitcoinMessage(
  key: BitcoinSigningKey,
  message: Uint8Array,
  protocol: BitcoinMessageProtocol,
): string {
  return protocol === 'ecdsa' ? signEcdsa(key, message) : signBip322(key, message)
}
