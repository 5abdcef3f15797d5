import { type Network as BitcoinJsNetwork, crypto, Psbt, payments } from 'bitcoinjs-lib'
import type { BitcoinAddressType } from '../address/index.js'
import { fromHex } from '../bytes/index.js'
import { DustAmountError, InsufficientFundsError, InvalidWalletResponseError } from '../errors/index.js'
import type { Utxo } from '../esplora/index.js'

/**
 * Virtual size of one input spending each output type, with a worst-case
 * (72-byte) ECDSA signature. `p2sh` is p2sh-p2wpkh (nested segwit, Xverse's
 * default payment address): 68 vB + the 23-byte redeem script push.
 */
const INPUT_VBYTES: Partial<Record<BitcoinAddressType, number>> = { p2wpkh: 68, p2sh: 91, p2tr: 57.5 }
/** Virtual size of one output paying each type. */
const OUTPUT_VBYTES: Record<BitcoinAddressType, number> = {
  p2pkh: 34,
  p2sh: 32,
  p2wpkh: 31,
  p2wsh: 43,
  p2tr: 43,
}
/** Version, locktime, counts, segwit marker and flag. */
const OVERHEAD_VBYTES = 10.5

/** nSequence signalling BIP-125 replace-by-fee (anything under 0xfffffffe does; this is what wallets use). */
export const RBF_SEQUENCE = 0xfffffffd

/** Bitcoin Core's dust thresholds at its default 3 sat/vB dust relay fee. */
export const DUST_LIMITS: Record<BitcoinAddressType, bigint> = {
  p2pkh: 546n,
  p2sh: 540n,
  p2wpkh: 294n,
  p2wsh: 330n,
  p2tr: 330n,
}

/** Where a payment comes from: an address Portico can build inputs for (p2wpkh, p2sh-p2wpkh, or p2tr key path). */
export interface PaymentSource {
  address: string
  type: BitcoinAddressType
  script: Uint8Array
  /**
   * The key the wallet gave, hex: p2tr's x-only internal key (its last 32
   * bytes are used), p2sh-p2wpkh's 33-byte compressed key (the redeem script
   * is built from it and must hash to the address). Without it the PSBT
   * prices the payment but a wallet cannot sign it.
   */
  publicKey?: string
}

export interface PaymentTarget {
  type: BitcoinAddressType
  script: Uint8Array
}

/** What `buildPayment` made: the unsigned PSBT and the numbers the signed one must keep. */
export interface BuiltPayment {
  psbt: Psbt
  fee: bigint
  change: bigint
  /** Indexes of the inputs the wallet must sign (all: they all spend `source`). */
  inputIndexes: number[]
  vsize: number
}

/** Sending from these types is supported (others need data an Esplora UTXO lacks; p2sh as p2sh-p2wpkh). */
export function canSpendFrom(type: BitcoinAddressType): boolean {
  return INPUT_VBYTES[type] !== undefined
}

function estimateVbytes(input: BitcoinAddressType, inputs: number, outputs: BitcoinAddressType[]): number {
  return Math.ceil(
    OVERHEAD_VBYTES + inputs * INPUT_VBYTES[input]! + outputs.reduce((s, t) => s + OUTPUT_VBYTES[t], 0),
  )
}

const feeFor = (vbytes: number, feeRate: number) => BigInt(Math.ceil(vbytes * feeRate))

/**
 * The fee of spending every one of `utxos` to one `to` output plus change
 * back to `source`: the most a payment from `source` can cost at `feeRate`.
 * "Max" takes it off (with core's margin and the dust-limit reserve), so the
 * margin comes back as a change output of at least the dust limit rather
 * than going to the miner.
 */
export function sweepFee(args: {
  utxos: readonly Utxo[]
  source: BitcoinAddressType
  to: BitcoinAddressType
  feeRate: number
}): bigint {
  if (!canSpendFrom(args.source)) throw new TypeError(`cannot spend from ${args.source}`)
  const vbytes = estimateVbytes(args.source, Math.max(args.utxos.length, 1), [args.to, args.source])
  return feeFor(vbytes, args.feeRate)
}

/** p2sh-p2wpkh's redeem script from the wallet's compressed key; throws when it does not hash to the address. */
function nestedRedeemScript(source: PaymentSource): Uint8Array | undefined {
  if (source.type !== 'p2sh' || !source.publicKey) return undefined
  const pubkey = fromHex(source.publicKey)
  const redeem = pubkey.length === 33 ? payments.p2wpkh({ pubkey }).output : undefined
  const hash = source.script.subarray(2, 22)
  if (!redeem || !crypto.hash160(redeem).every((b, i) => b === hash[i]))
    throw new InvalidWalletResponseError(
      `${source.address} is not the p2sh-p2wpkh address of the public key the wallet gave`,
    )
  return redeem
}

/**
 * Builds an unsigned payment PSBT: coin selection over `utxos` (confirmed
 * first, then largest first), one output of `value` sats to `to`, change back
 * to `source` unless it would be dust (then it goes to the fee), every input
 * signalling replace-by-fee (BIP-125 nSequence 0xfffffffd), fee =
 * ceil(estimated vsize × `feeRate`). Throws `DustAmountError` for an amount
 * under the receiver's dust limit, `InsufficientFundsError` when the UTXOs
 * do not cover amount + fee.
 *
 * @example
 * const { psbt, fee } = buildPayment({ utxos, source, to, value: 50_000n, feeRate: 2, params })
 */
export function buildPayment(args: {
  utxos: readonly Utxo[]
  source: PaymentSource
  to: PaymentTarget
  value: bigint
  feeRate: number
  params: BitcoinJsNetwork
}): BuiltPayment {
  const { source, to, value, feeRate, params } = args
  if (!canSpendFrom(source.type)) throw new TypeError(`cannot spend from ${source.type}`)
  if (!(Number.isFinite(feeRate) && feeRate > 0))
    throw new RangeError(`fee rate must be positive, got ${feeRate}`)
  if (value < DUST_LIMITS[to.type])
    throw new DustAmountError(
      DUST_LIMITS[to.type],
      `${value} sats is under the ${DUST_LIMITS[to.type]}-sat dust limit of a ${to.type} output`,
    )
  const candidates = [...args.utxos].sort(
    (a, b) =>
      Number(b.confirmed) - Number(a.confirmed) || (b.value > a.value ? 1 : b.value < a.value ? -1 : 0),
  )
  const chosen: Utxo[] = []
  let total = 0n
  let fee = 0n
  let change = 0n
  let vsize = 0
  let covered = false
  for (const utxo of candidates) {
    chosen.push(utxo)
    total += utxo.value
    const withChange = estimateVbytes(source.type, chosen.length, [to.type, source.type])
    const withoutChange = estimateVbytes(source.type, chosen.length, [to.type])
    const feeWithChange = feeFor(withChange, feeRate)
    if (total - value - feeWithChange >= DUST_LIMITS[source.type]) {
      fee = feeWithChange
      change = total - value - feeWithChange
      vsize = withChange
      covered = true
      break
    }
    const feeWithoutChange = feeFor(withoutChange, feeRate)
    if (total >= value + feeWithoutChange) {
      // What is left under the dust limit is paid to the miner rather than lost in an unspendable output.
      fee = total - value
      change = 0n
      vsize = withoutChange
      covered = true
      break
    }
  }
  if (!covered) {
    const need = value + feeFor(estimateVbytes(source.type, Math.max(chosen.length, 1), [to.type]), feeRate)
    throw new InsufficientFundsError(
      `${total} sats spendable, ${need} needed (amount + fee at ${feeRate} sat/vB)`,
    )
  }
  const redeemScript = nestedRedeemScript(source)
  const psbt = new Psbt({ network: params })
  for (const utxo of chosen) {
    psbt.addInput({
      hash: utxo.txid,
      index: utxo.vout,
      witnessUtxo: { script: source.script, value: utxo.value },
      // BIP-125: every input signals replaceability, so a stuck payment can be bumped (RBF).
      sequence: RBF_SEQUENCE,
      ...(source.type === 'p2tr' && source.publicKey
        ? { tapInternalKey: fromHex(source.publicKey).slice(-32) }
        : {}),
      ...(redeemScript ? { redeemScript } : {}),
    })
  }
  psbt.addOutput({ script: to.script, value })
  if (change > 0n) psbt.addOutput({ script: source.script, value: change })
  return { psbt, fee, change, inputIndexes: chosen.map((_, i) => i), vsize }
}
