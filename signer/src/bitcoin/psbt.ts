import { Transaction } from '@scure/btc-signer'
import { ChainWireError } from '../chain-keys.js'
import { equal } from './bytes.js'

/**
 * PSBTs (BIP-174, version 0) are read, checked and signed by
 * `@scure/btc-signer` (audited): its parser, its BIP-143 and BIP-341
 * signature hashes. This file is the frame's policy around it: which
 * errors mean what to the visitor, and which amounts are proven.
 */
export interface TxOutput {
  value: bigint
  script: Uint8Array
}

const MAGIC = Uint8Array.of(0x70, 0x73, 0x62, 0x74, 0xff)

/**
 * The library's options: unknown and proprietary PSBT rows are kept as they
 * came (the PSBT goes back with only this wallet's signatures added), other
 * parties' inputs and outputs of any standard-or-not script are allowed
 * (the card shows an unknown output as its script). Script checks stay on:
 * a taproot input whose internal key does not commit to its output key, or
 * a P2SH/P2WSH script that is not its hash, is refused.
 */
const OPTIONS = {
  allowUnknownInputs: true,
  allowUnknownOutputs: true,
  unknown: 'ignore',
  proprietary: 'ignore',
} as const

/** What the library's parse errors mean on the card (its messages are for developers). */
const REASONS: [RegExp, string][] = [
  [
    /witnessUtxo different from nonWitnessUtxo/,
    "an input's witness UTXO disagrees with its previous transaction (the two-round fee attack): refused",
  ],
  [/nonWitnessUtxo: wrong txid/, "an input's previous transaction is not the one it spends"],
  [/not in nonWitnessUtxo|incorect output index/, 'an input spends an output its previous transaction lacks'],
]

/** Decodes PSBT bytes; anything that is not a valid version-0 PSBT is a `ChainWireError` saying why. */
export function parsePsbt(bytes: Uint8Array): Transaction {
  if (!equal(bytes.subarray(0, 5), MAGIC)) throw new ChainWireError('the bytes are not a PSBT')
  let tx: Transaction
  try {
    tx = Transaction.fromPSBT(bytes, OPTIONS)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const known = REASONS.find(([pattern]) => pattern.test(message))
    throw new ChainWireError(known ? known[1] : `the PSBT is malformed (${message})`)
  }
  if (tx.opts.PSBTVersion !== 0) throw new ChainWireError('only version 0 PSBTs are signed')
  return tx
}

/** The output an input spends, and whether its amount is proven (its full previous transaction is in the PSBT). */
export interface Spent {
  out: TxOutput
  proven: boolean
}

/**
 * The output an input spends. From its full previous transaction when the
 * PSBT has it: the library has checked on parsing that its txid is the
 * outpoint's and that a witness UTXO next to it says the same output (a
 * segwit v0 signature commits to its own input's amount only, so a dApp
 * that lied in the witness UTXO could collect signatures for two amounts
 * and hide a fee). The amount is then proven. A witness UTXO alone is the
 * dApp's word: usable, not proven. Undefined when the PSBT says neither.
 */
export function spentOutput(tx: Transaction, index: number): Spent | undefined {
  const input = tx.getInput(index)
  const full = input.nonWitnessUtxo
  if (full && input.index !== undefined) {
    const out = full.outputs[input.index]
    if (!out) throw new ChainWireError(`input ${index} spends an output its previous transaction lacks`)
    // Checked again here, so that the card's amount never rests on the parser alone.
    const stated = input.witnessUtxo
    if (stated && (stated.amount !== out.amount || !equal(stated.script, out.script)))
      throw new ChainWireError(`input ${index}'s witness UTXO disagrees with its previous transaction`)
    return { out: { value: out.amount, script: out.script }, proven: true }
  }
  const stated = input.witnessUtxo
  return stated && { out: { value: stated.amount, script: stated.script }, proven: false }
}
