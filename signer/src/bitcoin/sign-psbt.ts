import { base64 } from '@scure/base'
import type { Transaction } from '@scure/btc-signer'
import type { Card } from '../approve/card.js'
import { ChainWireError } from '../chain-keys.js'
import { equal, toHex } from './bytes.js'
import { publicKeyOf } from './key.js'
import { addressOf, type BitcoinParams, ownAddress, ownScript, type WalletAddress } from './networks.js'
import { parsePsbt, spentOutput, type TxOutput } from './psbt.js'
import { bt } from './strings.js'

/** The only sighash types the frame signs: everything in, everything out. */
export const SIGHASH_DEFAULT = 0x00
export const SIGHASH_ALL = 0x01

export interface PsbtParams {
  psbt: string
  signInputs: { address: string; index: number; sighashTypes?: number[] }[]
  broadcast: boolean
}

/** One input this wallet signs: which of its addresses, the output it spends, the sighash type. */
interface ToSign {
  index: number
  own: WalletAddress
  spent: TxOutput
  hashType: 0 | 1
}

/** A PSBT request read and checked against this wallet's key: what the card shows and `signPsbt` signs. */
export interface PsbtAnalysis {
  /** The PSBT as `@scure/btc-signer` read it; `signPsbt` signs this very object. */
  psbt: Transaction
  /** Its outputs, as the card lists them. */
  outputs: TxOutput[]
  spent: (TxOutput | undefined)[]
  /** Per input: its amount comes from its full previous transaction. */
  proven: boolean[]
  toSign: ToSign[]
}

/** Satoshis as BTC with 8 decimals (`0.00077777`). */
export function formatBtc(sats: bigint): string {
  const sign = sats < 0n ? '-' : ''
  const abs = sats < 0n ? -sats : sats
  return `${sign}${abs / 100_000_000n}.${(abs % 100_000_000n).toString().padStart(8, '0')}`
}

const sighashName = (t: number) => `0x${t.toString(16).padStart(2, '0')}`

/** The sighash type input `index` is signed with: ALL (P2WPKH), DEFAULT or ALL (P2TR); anything else refused. */
function hashTypeOf(
  psbt: Transaction,
  index: number,
  own: WalletAddress,
  asked: number[] | undefined,
): 0 | 1 {
  const allowed: number[] = own.intention === 'payment' ? [SIGHASH_ALL] : [SIGHASH_DEFAULT, SIGHASH_ALL]
  const refuse = (t: number) =>
    new ChainWireError(
      `input ${index} asks for sighash ${sighashName(t)}: this wallet signs SIGHASH_ALL only${own.intention === 'ordinal' ? ' (or DEFAULT for taproot)' : ''}`,
    )
  for (const t of asked ?? []) if (!allowed.includes(t)) throw refuse(t)
  const fromPsbt = psbt.getInput(index).sighashType
  // The PSBT's own field wins; else the first type the dApp allows; else ALL (P2WPKH) or DEFAULT (P2TR).
  const type = fromPsbt ?? asked?.[0] ?? (own.intention === 'payment' ? SIGHASH_ALL : SIGHASH_DEFAULT)
  if (!allowed.includes(type)) throw refuse(type)
  if (asked && !asked.includes(type)) throw refuse(type)
  return type as 0 | 1
}

/**
 * Reads a `signPsbt` request for this wallet (public key `publicKey` on
 * `params`' network): every listed input must exist, spend the listed
 * address's output, and that address must be this wallet's; taproot inputs
 * need every input's spent output (their signature commits to all amounts)
 * and no script tree. `broadcast: true` is refused: the dApp sends.
 */
export function analysePsbt(request: PsbtParams, publicKey: string, params: BitcoinParams): PsbtAnalysis {
  if (request.broadcast)
    throw new ChainWireError(
      'broadcast is not supported: the wallet returns the signed PSBT for the dApp to send',
    )
  let bytes: Uint8Array
  try {
    bytes = base64.decode(request.psbt)
  } catch {
    throw new ChainWireError('the PSBT is not base64')
  }
  const psbt = parsePsbt(bytes)
  const read = Array.from({ length: psbt.inputsLength }, (_, i) => spentOutput(psbt, i))
  const spent = read.map((r) => r?.out)
  const proven = read.map((r) => r?.proven === true)
  const toSign: ToSign[] = []
  for (const entry of request.signInputs) {
    const { index, address } = entry
    if (index >= psbt.inputsLength) throw new ChainWireError(`input ${index} does not exist`)
    if (toSign.some((s) => s.index === index)) continue
    const own = ownAddress(publicKey, params, address)
    if (!own) throw new ChainWireError(`${address} is not an address of this wallet on this network`)
    const out = spent[index]
    if (!out)
      throw new ChainWireError(`input ${index} does not state the output it spends (no UTXO in the PSBT)`)
    if (!equal(out.script, own.script)) throw new ChainWireError(`input ${index} does not spend ${address}`)
    const input = psbt.getInput(index)
    if (input.finalScriptWitness || input.finalScriptSig)
      throw new ChainWireError(`input ${index} is already finalized`)
    if (own.intention === 'ordinal') {
      // Script-path leaves too: the library would sign any leaf naming this key.
      if (input.tapMerkleRoot || input.tapLeafScript?.length)
        throw new ChainWireError(`input ${index} has a script tree: this wallet signs the key path only`)
      const internal = input.tapInternalKey
      if (internal && toHex(internal) !== own.publicKey)
        throw new ChainWireError(`input ${index} names another taproot internal key`)
      const unknown = spent.findIndex((s) => !s)
      if (unknown >= 0)
        throw new ChainWireError(
          `a taproot signature commits to every input's amount: input ${unknown} does not state its output`,
        )
    }
    toSign.push({ index, own, spent: out, hashType: hashTypeOf(psbt, index, own, entry.sighashTypes) })
  }
  const outputs = Array.from({ length: psbt.outputsLength }, (_, i) => {
    const o = psbt.getOutput(i)
    if (o.amount === undefined || o.script === undefined)
      throw new ChainWireError(`output ${i} has no amount or script`)
    return { value: o.amount, script: o.script }
  })
  return { psbt, outputs, spent, proven, toSign }
}

/** The approval card of a PSBT: inputs signed, outputs (this wallet's marked), fee, network. */
export function describePsbt(
  what: PsbtAnalysis,
  publicKey: string,
  params: BitcoinParams,
  chainId: string,
): Card {
  const named = (address: string) => bt('thisWallet', { address })
  // Every amount proven: by its previous transaction, or by a taproot signature of ours, which
  // commits to every input's amount and script (a lie there makes the signature invalid).
  const taproot = what.toSign.some((s) => s.own.intention === 'ordinal')
  const lines = what.toSign.map((s) =>
    bt(taproot || what.proven[s.index] ? 'spend' : 'spendStated', {
      amount: formatBtc(s.spent.value),
      address: named(s.own.address),
      index: s.index,
    }),
  )
  const others = what.psbt.inputsLength - what.toSign.length
  if (others > 0) lines.push(bt('otherInputs', { count: others }))
  for (const output of what.outputs) {
    const amount = formatBtc(output.value)
    const address = addressOf(output.script, params)
    if (address === undefined) lines.push(bt('sendScript', { amount, script: toHex(output.script) }))
    else
      lines.push(
        bt('send', { amount, to: ownScript(publicKey, params, output.script) ? named(address) : address }),
      )
  }
  const known = what.spent.every((s) => s !== undefined)
  if (known && (taproot || what.proven.every(Boolean))) {
    const fee =
      what.spent.reduce((sum, s) => sum + (s as TxOutput).value, 0n) -
      what.outputs.reduce((sum, o) => sum + o.value, 0n)
    lines.push(bt('fee', { amount: formatBtc(fee) }))
  } else lines.push(bt(known ? 'feeUnproven' : 'feeUnknown'))
  lines.push(bt('network', { network: `${params.name} (${chainId})` }))
  return { title: bt('signPsbt'), lines }
}

/**
 * Adds this wallet's signatures to the analysed inputs, with
 * `@scure/btc-signer` (its BIP-143 and BIP-341 signature hashes): a partial
 * signature (DER + sighash byte) under its public key for P2WPKH, the
 * key-path signature (64 bytes, 65 with SIGHASH_ALL) for P2TR, signed with
 * the BIP-86 tweaked key of the internal key set here. Each input is signed
 * with exactly the one sighash type the card was built for. The PSBT keeps
 * every other field as it came; the answer is base64.
 */
export function signPsbt(what: PsbtAnalysis, key: Uint8Array): string {
  const publicKey = publicKeyOf(key)
  const { psbt } = what
  for (const s of what.toSign) {
    try {
      if (s.own.intention === 'ordinal') {
        // A 65-byte signature says its type; the PSBT says it too, for tools that read the field.
        psbt.updateInput(
          s.index,
          {
            tapInternalKey: publicKey.subarray(1),
            ...(s.hashType === SIGHASH_DEFAULT ? {} : { sighashType: s.hashType }),
          },
          true,
        )
      }
      psbt.signIdx(key, s.index, [s.hashType])
    } catch (error) {
      if (error instanceof ChainWireError) throw error
      const message = error instanceof Error ? error.message : String(error)
      throw new ChainWireError(`input ${s.index} could not be signed (${message})`)
    }
  }
  return base64.encode(psbt.toPSBT(0))
}
