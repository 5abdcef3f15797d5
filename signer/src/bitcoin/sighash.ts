import { schnorr } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { concat, sha256d, u32le, u64le, withLength } from './bytes.js'
import { hash160 } from './networks.js'
import type { Tx, TxOutput } from './psbt.js'

/** The only sighash types the frame signs: everything in, everything out. */
export const SIGHASH_DEFAULT = 0x00
export const SIGHASH_ALL = 0x01

const outpoints = (tx: Tx) => concat(...tx.inputs.map((i) => concat(i.txid, u32le(i.vout))))
const sequences = (tx: Tx) => concat(...tx.inputs.map((i) => u32le(i.sequence)))
const outputs = (tx: Tx) => concat(...tx.outputs.map((o) => concat(u64le(o.value), withLength(o.script))))

/**
 * BIP-143 (segwit v0) SIGHASH_ALL of input `index` spending a P2WPKH output
 * of `value` sats with the key `publicKey`: its script code is the P2PKH
 * script of the key hash.
 */
export function segwitV0Hash(tx: Tx, index: number, publicKey: Uint8Array, value: bigint): Uint8Array {
  const input = tx.inputs[index]
  if (!input) throw new RangeError(`no input ${index}`)
  const scriptCode = concat(Uint8Array.of(0x76, 0xa9, 0x14), hash160(publicKey), Uint8Array.of(0x88, 0xac))
  return sha256d(
    concat(
      u32le(tx.version),
      sha256d(outpoints(tx)),
      sha256d(sequences(tx)),
      input.txid,
      u32le(input.vout),
      withLength(scriptCode),
      u64le(value),
      u32le(input.sequence),
      sha256d(outputs(tx)),
      u32le(tx.locktime),
      u32le(SIGHASH_ALL),
    ),
  )
}

/**
 * BIP-341 key-path signature hash of input `index` (no annex, no script
 * path) for SIGHASH_DEFAULT or SIGHASH_ALL: it commits to every input's
 * spent output, so all of them must be known.
 */
export function taprootKeyHash(
  tx: Tx,
  index: number,
  spent: readonly TxOutput[],
  hashType: 0 | 1,
): Uint8Array {
  return schnorr.utils.taggedHash(
    'TapSighash',
    concat(
      Uint8Array.of(0x00, hashType),
      u32le(tx.version),
      u32le(tx.locktime),
      sha256(outpoints(tx)),
      sha256(concat(...spent.map((o) => u64le(o.value)))),
      sha256(concat(...spent.map((o) => withLength(o.script)))),
      sha256(sequences(tx)),
      sha256(outputs(tx)),
      Uint8Array.of(0x00),
      u32le(index),
    ),
  )
}
