import { ChainWireError } from '../chain-keys.js'
import { concat, equal, Reader, sha256d, u32le, u64le, varint, withLength } from './bytes.js'

/**
 * A PSBT (BIP-174, version 0) as the frame reads it: the unsigned
 * transaction, and every key-value pair of every map kept as it came, so the
 * PSBT goes back with only this wallet's signatures added. Written here
 * (rather than bitcoinjs-lib's) to keep the frame bundle small: the frame
 * needs the fields it signs with, nothing else.
 */
export interface TxInput {
  txid: Uint8Array
  vout: number
  script: Uint8Array
  sequence: number
}
export interface TxOutput {
  value: bigint
  script: Uint8Array
}
export interface Tx {
  version: number
  inputs: TxInput[]
  outputs: TxOutput[]
  locktime: number
}
export type PsbtMap = { key: Uint8Array; value: Uint8Array }[]
export interface Psbt {
  tx: Tx
  global: PsbtMap
  inputs: PsbtMap[]
  outputs: PsbtMap[]
}

/** Inputs and outputs a transaction may have here (a standard transaction is 100 kvB: far fewer). */
const MAX_ITEMS = 2000
const MAGIC = Uint8Array.of(0x70, 0x73, 0x62, 0x74, 0xff)

export const IN = {
  NON_WITNESS_UTXO: 0x00,
  WITNESS_UTXO: 0x01,
  PARTIAL_SIG: 0x02,
  SIGHASH_TYPE: 0x03,
  FINAL_SCRIPTSIG: 0x07,
  FINAL_SCRIPTWITNESS: 0x08,
  TAP_KEY_SIG: 0x13,
  TAP_INTERNAL_KEY: 0x17,
  TAP_MERKLE_ROOT: 0x18,
} as const

function readTx(r: Reader): Tx & { witness: boolean } {
  const version = r.u32() | 0
  let count = r.varint(MAX_ITEMS)
  const witness = count === 0
  if (witness) {
    if (r.u8() !== 1) throw new ChainWireError(`${r.what} has an unknown segwit flag`)
    count = r.varint(MAX_ITEMS)
  }
  const inputs: TxInput[] = []
  for (let i = 0; i < count; i++) {
    const txid = r.take(32)
    const vout = r.u32()
    const script = r.varbytes(10_000)
    inputs.push({ txid, vout, script, sequence: r.u32() })
  }
  const outputs: TxOutput[] = []
  const outs = r.varint(MAX_ITEMS)
  for (let i = 0; i < outs; i++) outputs.push({ value: r.u64(), script: r.varbytes(10_000) })
  if (witness) for (let i = 0; i < count; i++) for (let n = r.varint(10_000); n > 0; n--) r.varbytes(400_000)
  return { version, inputs, outputs, locktime: r.u32(), witness }
}

/** A whole transaction, with or without witnesses. */
export function parseTx(bytes: Uint8Array, what: string): Tx & { witness: boolean } {
  const r = new Reader(bytes, what)
  const tx = readTx(r)
  if (!r.done) throw new ChainWireError(`${what} has bytes after its end`)
  return tx
}

/** The legacy (non-witness) serialization: what a txid hashes, and a PSBT's unsigned transaction. */
export function serializeTx(tx: Tx): Uint8Array {
  return concat(
    u32le(tx.version),
    varint(tx.inputs.length),
    ...tx.inputs.flatMap((i) => [i.txid, u32le(i.vout), withLength(i.script), u32le(i.sequence)]),
    varint(tx.outputs.length),
    ...tx.outputs.flatMap((o) => [u64le(o.value), withLength(o.script)]),
    u32le(tx.locktime),
  )
}

function readMap(r: Reader): PsbtMap {
  const map: PsbtMap = []
  for (;;) {
    const key = r.varbytes(10_000)
    if (key.length === 0) return map
    const value = r.varbytes(1_000_000)
    if (map.some((e) => equal(e.key, key))) throw new ChainWireError('the PSBT repeats a key')
    map.push({ key, value })
  }
}

/** Decodes PSBT bytes; anything that is not a version-0 PSBT is a `ChainWireError`. */
export function parsePsbt(bytes: Uint8Array): Psbt {
  if (!equal(bytes.subarray(0, 5), MAGIC)) throw new ChainWireError('the bytes are not a PSBT')
  const r = new Reader(bytes.subarray(5), 'the PSBT')
  const global = readMap(r)
  const unsigned = global.find((e) => e.key.length === 1 && e.key[0] === 0x00)
  if (!unsigned) throw new ChainWireError('the PSBT has no unsigned transaction')
  const version = global.find((e) => e.key.length === 1 && e.key[0] === 0xfb)
  if (version && !version.value.every((b) => b === 0))
    throw new ChainWireError('only version 0 PSBTs are signed')
  const tx = parseTx(unsigned.value, 'the unsigned transaction')
  // BIP-174: the unsigned transaction carries no input scripts and no witnesses.
  if (tx.witness || tx.inputs.some((i) => i.script.length > 0))
    throw new ChainWireError('the unsigned transaction is not unsigned')
  const inputs = tx.inputs.map(() => readMap(r))
  const outputs = tx.outputs.map(() => readMap(r))
  if (!r.done) throw new ChainWireError('the PSBT has bytes after its last map')
  return { tx, global, inputs, outputs }
}

export function serializePsbt(psbt: Psbt): Uint8Array {
  const map = (m: PsbtMap) =>
    concat(...m.flatMap((e) => [withLength(e.key), withLength(e.value)]), Uint8Array.of(0))
  return concat(MAGIC, map(psbt.global), ...psbt.inputs.map(map), ...psbt.outputs.map(map))
}

/** The value of a one-byte key of a map (`type`), or undefined. */
export const field = (map: PsbtMap, type: number) =>
  map.find((e) => e.key.length === 1 && e.key[0] === type)?.value

/** Puts (or replaces) a pair in a map. */
export function setField(map: PsbtMap, key: Uint8Array, value: Uint8Array): void {
  const at = map.findIndex((e) => equal(e.key, key))
  if (at >= 0) map[at] = { key, value }
  else map.push({ key, value })
}

/** The output an input spends, and whether its amount is proven (its full previous transaction is in the PSBT). */
export interface Spent {
  out: TxOutput
  proven: boolean
}

/**
 * The output an input spends. From its full previous transaction when the
 * PSBT has it (whose txid must be the outpoint's): the amount is then proven.
 * A witness UTXO next to it must say the same output, or the PSBT is refused:
 * a segwit v0 signature commits to its own input's amount only, so a dApp
 * that lied in the witness UTXO could collect signatures for two amounts and
 * hide a fee (the two-round fee attack). A witness UTXO alone is the dApp's
 * word: usable, not proven. Undefined when the PSBT says neither.
 */
export function spentOutput(psbt: Psbt, index: number): Spent | undefined {
  const map = psbt.inputs[index] as PsbtMap
  const input = psbt.tx.inputs[index] as TxInput
  const witness = field(map, IN.WITNESS_UTXO)
  let stated: TxOutput | undefined
  if (witness) {
    const r = new Reader(witness, `input ${index}'s witness UTXO`)
    stated = { value: r.u64(), script: r.varbytes(10_000) }
    if (!r.done) throw new ChainWireError(`input ${index}'s witness UTXO has bytes after its end`)
  }
  const full = field(map, IN.NON_WITNESS_UTXO)
  if (!full) return stated && { out: stated, proven: false }
  const previous = parseTx(full, `input ${index}'s previous transaction`)
  if (!equal(sha256d(serializeTx(previous)), input.txid))
    throw new ChainWireError(`input ${index}'s previous transaction is not the one it spends`)
  const out = previous.outputs[input.vout]
  if (!out) throw new ChainWireError(`input ${index} spends an output its previous transaction lacks`)
  if (stated && (stated.value !== out.value || !equal(stated.script, out.script)))
    throw new ChainWireError(`input ${index}'s witness UTXO disagrees with its previous transaction`)
  return { out, proven: true }
}
