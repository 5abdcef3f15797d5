import * as ecc from '@bitcoinerlab/secp256k1'
import { Psbt, type Transaction } from 'bitcoinjs-lib'
import { toHex } from '../bytes/index.js'
import { PsbtMismatchError } from '../errors/index.js'

const hex = toHex

/** Decodes PSBT bytes; anything else is a `PsbtMismatchError` naming what the wallet returned. */
export function decodePsbt(bytes: unknown, what = 'the wallet'): Psbt {
  if (!(bytes instanceof Uint8Array)) throw new PsbtMismatchError(`${what} returned no PSBT bytes`)
  try {
    return Psbt.fromBuffer(bytes)
  } catch (e) {
    throw new PsbtMismatchError(`${what} returned bytes that are not a PSBT (${(e as Error).message})`)
  }
}

/**
 * Checks that `signed` is the transaction of `built` and nothing else: same
 * version and locktime, the same inputs (outpoints, sequences, and the same
 * prevout amounts and scripts the signatures commit to) and exactly the same
 * outputs (scripts and values, in order). A wallet that adds a recipient,
 * changes an amount or the change address, or swaps an input is caught here,
 * before anything is broadcast.
 *
 * @example
 * assertSamePayment(built.psbt, decodePsbt(signedBytes))
 */
export function assertSamePayment(built: Psbt, signed: Psbt): void {
  const a = built.txInputs
  const b = signed.txInputs
  if (signed.version !== built.version || signed.locktime !== built.locktime)
    throw new PsbtMismatchError('version or locktime changed')
  if (a.length !== b.length) throw new PsbtMismatchError(`${b.length} inputs instead of ${a.length}`)
  a.forEach((input, i) => {
    const other = b[i]!
    if (
      hex(input.hash) !== hex(other.hash) ||
      input.index !== other.index ||
      input.sequence !== other.sequence
    )
      throw new PsbtMismatchError(`input ${i} changed`)
    const mine = built.data.inputs[i]?.witnessUtxo
    const theirs = signed.data.inputs[i]?.witnessUtxo
    if (mine && (!theirs || theirs.value !== mine.value || hex(theirs.script) !== hex(mine.script)))
      throw new PsbtMismatchError(`input ${i} spends a different output`)
  })
  const outA = built.txOutputs
  const outB = signed.txOutputs
  if (outA.length !== outB.length)
    throw new PsbtMismatchError(`${outB.length} outputs instead of ${outA.length}`)
  outA.forEach((output, i) => {
    const other = outB[i]!
    if (other.value !== output.value || hex(other.script) !== hex(output.script))
      throw new PsbtMismatchError(`output ${i} changed`)
  })
}

function validSignature(pubkey: Uint8Array, hash: Uint8Array, signature: Uint8Array): boolean {
  return pubkey.length === 32
    ? ecc.verifySchnorr(hash, pubkey, signature)
    : ecc.verify(hash, pubkey, signature)
}

/**
 * Finalizes the inputs the wallet signed but left unfinalized, and extracts
 * the network transaction; each signature is checked first. A PSBT that
 * cannot be finalized (missing or invalid signatures) is a `PsbtMismatchError`.
 */
export function finalizeAndExtract(psbt: Psbt): Transaction {
  try {
    psbt.data.inputs.forEach((input, i) => {
      if (input.finalScriptWitness || input.finalScriptSig) return
      if (!psbt.validateSignaturesOfInput(i, validSignature))
        throw new Error(`input ${i} has an invalid signature`)
      psbt.finalizeInput(i)
    })
    return psbt.extractTransaction()
  } catch (e) {
    throw new PsbtMismatchError(`the signed PSBT cannot be finalized: ${(e as Error).message}`)
  }
}
