import { schnorr } from '@noble/curves/secp256k1'
import { base64 } from '@scure/base'
import { RawTx, RawWitness, Transaction } from '@scure/btc-signer'
import { ChainWireError } from '../chain-keys.js'
import { concat, sha256d, varint, withLength } from './bytes.js'
import { ecdsa, publicKeyOf } from './key.js'
import type { WalletAddress } from './networks.js'

const utf8 = new TextEncoder()
const MAGIC = utf8.encode('Bitcoin Signed Message:\n')
/** BIP-322's virtual transactions have version 0 and an OP_RETURN output: non-standard on purpose. */
const VIRTUAL = { version: 0, allowUnknownVersion: true, allowUnknownOutputs: true } as const

/**
 * The legacy "Bitcoin Signed Message" signature of the payment (P2WPKH)
 * address: sha256d of the envelope, ECDSA, a BIP-137 header (39 + recovery
 * id: a P2WPKH address) then r and s, base64.
 */
export function signMessageEcdsa(message: string, key: Uint8Array): string {
  const bytes = utf8.encode(message)
  const { compact, recovery } = ecdsa(sha256d(concat(withLength(MAGIC), varint(bytes.length), bytes)), key)
  return base64.encode(concat(Uint8Array.of(39 + recovery), compact))
}

/** The txid of BIP-322's `to_spend` transaction of a message for an output script. */
function toSpendId(message: string, script: Uint8Array): string {
  const tag = schnorr.utils.taggedHash('BIP0322-signed-message', utf8.encode(message))
  const raw = RawTx.encode({
    version: 0,
    segwitFlag: false,
    inputs: [
      {
        txid: new Uint8Array(32),
        index: 0xffffffff,
        finalScriptSig: concat(Uint8Array.of(0x00, 0x20), tag),
        sequence: 0,
      },
    ],
    outputs: [{ amount: 0n, script }],
    witnesses: [],
    lockTime: 0,
  })
  return Transaction.fromRaw(raw, { ...VIRTUAL, allowUnknownInputs: true, disableScriptCheck: true }).id
}

/**
 * BIP-322 "simple": the witness that spends the message's `to_spend` output
 * for the address, base64; the `to_sign` transaction is signed by
 * `@scure/btc-signer` (its BIP-143 / BIP-341 hashes). P2WPKH: an ECDSA
 * signature (SIGHASH_ALL) and the key; P2TR: one key-path Schnorr signature
 * (SIGHASH_DEFAULT) with the BIP-86 tweaked key.
 */
export function signMessageBip322(message: string, own: WalletAddress, key: Uint8Array): string {
  const publicKey = publicKeyOf(key)
  const payment = own.intention === 'payment'
  const tx = new Transaction(VIRTUAL)
  tx.addInput({
    txid: toSpendId(message, own.script),
    index: 0,
    sequence: 0,
    witnessUtxo: { script: own.script, amount: 0n },
    ...(payment ? {} : { tapInternalKey: publicKey.subarray(1) }),
  })
  tx.addOutput({ script: Uint8Array.of(0x6a), amount: 0n })
  tx.signIdx(key, 0, [payment ? 0x01 : 0x00])
  const input = tx.getInput(0)
  const signature = payment ? input.partialSig?.[0]?.[1] : input.tapKeySig
  if (!signature) throw new Error('the BIP-322 signature is missing')
  return base64.encode(RawWitness.encode(payment ? [signature, publicKey] : [signature]))
}

/** The signature for a message request of this wallet's address (ECDSA for the payment address only). */
export function signMessage(
  message: string,
  own: WalletAddress,
  protocol: 'ecdsa' | 'bip322',
  key: Uint8Array,
): string {
  if (protocol === 'bip322') return signMessageBip322(message, own, key)
  if (own.intention !== 'payment')
    throw new ChainWireError('ECDSA message signatures are for the payment (P2WPKH) address: use bip322')
  return signMessageEcdsa(message, key)
}
