import { schnorr } from '@noble/curves/secp256k1'
import { base64 } from '@scure/base'
import { ChainWireError } from '../chain-keys.js'
import { concat, sha256d, varint, withLength } from './bytes.js'
import { ecdsa, publicKeyOf, schnorrTweaked } from './key.js'
import type { WalletAddress } from './networks.js'
import type { Tx } from './psbt.js'
import { serializeTx } from './psbt.js'
import { SIGHASH_ALL, segwitV0Hash, taprootKeyHash } from './sighash.js'

const utf8 = new TextEncoder()
const MAGIC = utf8.encode('Bitcoin Signed Message:\n')

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

/** The BIP-322 `to_sign` transaction of a message for an output script (version 0, one input, OP_RETURN). */
function toSign(message: string, script: Uint8Array): Tx {
  const tag = schnorr.utils.taggedHash('BIP0322-signed-message', utf8.encode(message))
  const toSpend: Tx = {
    version: 0,
    inputs: [
      {
        txid: new Uint8Array(32),
        vout: 0xffffffff,
        script: concat(Uint8Array.of(0x00, 0x20), tag),
        sequence: 0,
      },
    ],
    outputs: [{ value: 0n, script }],
    locktime: 0,
  }
  return {
    version: 0,
    inputs: [{ txid: sha256d(serializeTx(toSpend)), vout: 0, script: new Uint8Array(0), sequence: 0 }],
    outputs: [{ value: 0n, script: Uint8Array.of(0x6a) }],
    locktime: 0,
  }
}

/**
 * BIP-322 "simple": the witness that spends the message's `to_spend` output
 * for the address, base64. P2WPKH: an ECDSA signature (SIGHASH_ALL) and the
 * key; P2TR: one key-path Schnorr signature (SIGHASH_DEFAULT).
 */
export function signMessageBip322(message: string, own: WalletAddress, key: Uint8Array): string {
  const tx = toSign(message, own.script)
  let witness: Uint8Array[]
  if (own.intention === 'payment') {
    const publicKey = publicKeyOf(key)
    const { der } = ecdsa(segwitV0Hash(tx, 0, publicKey, 0n), key)
    witness = [concat(der, Uint8Array.of(SIGHASH_ALL)), publicKey]
  } else {
    witness = [schnorrTweaked(taprootKeyHash(tx, 0, [{ value: 0n, script: own.script }], 0), key)]
  }
  return base64.encode(concat(varint(witness.length), ...witness.map(withLength)))
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
