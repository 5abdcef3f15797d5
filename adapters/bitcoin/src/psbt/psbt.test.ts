import { deriveBitcoinKeys, signPsbtInputs } from '@portico/dev-wallets/bitcoin'
import { networks, Psbt } from 'bitcoinjs-lib'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseBitcoinAddress } from '../address/index.js'
import { DustAmountError, InsufficientFundsError, PsbtMismatchError } from '../errors/index.js'
import type { Utxo } from '../esplora/index.js'
import { assertSamePayment, buildPayment, DUST_LIMITS, finalizeAndExtract } from './index.js'

const params = networks.regtest
const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'
const [payment, ordinals] = deriveBitcoinKeys(MNEMONIC, params, 0)
const [other] = deriveBitcoinKeys(MNEMONIC, params, 1)
const source = parseBitcoinAddress(payment!.address, params)
const to = parseBitcoinAddress(other!.address, params)
const utxo = (value: bigint, i = 0, confirmed = true): Utxo => ({
  txid: `${i}`.padStart(64, 'a'),
  vout: i,
  value,
  confirmed,
})

describe('building a payment PSBT', () => {
  it('pays the amount, returns change, and the fee covers the signed vsize × rate', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 10_000n, max: 50_000_000n }), { minLength: 1, maxLength: 6 }),
        fc.bigInt({ min: 1_000n, max: 10_000_000n }),
        fc.integer({ min: 1, max: 50 }),
        (values, amount, rate) => {
          const utxos = values.map((v, i) => utxo(v, i))
          const total = values.reduce((s, v) => s + v, 0n)
          let built: ReturnType<typeof buildPayment>
          try {
            built = buildPayment({ utxos, source, to, value: amount, feeRate: rate, params })
          } catch (e) {
            expect(e).toBeInstanceOf(InsufficientFundsError)
            return
          }
          const outs = built.psbt.txOutputs
          expect(outs[0]!.value).toBe(amount)
          const inputs = built.psbt.txInputs.length
          const spent = values.slice(0, inputs).length
          expect(spent).toBe(inputs)
          const inSum = utxos
            .filter((u) => built.psbt.txInputs.some((i) => i.index === u.vout))
            .reduce((s, u) => s + u.value, 0n)
          expect(inSum - outs.reduce((s, o) => s + o.value, 0n)).toBe(built.fee)
          if (outs[1]) expect(outs[1].value).toBeGreaterThanOrEqual(DUST_LIMITS.p2wpkh)
          signPsbtInputs(
            built.psbt,
            [payment!],
            built.inputIndexes.map((index) => ({ index })),
          )
          const tx = finalizeAndExtract(built.psbt)
          // The estimate assumes 72-byte signatures: the real transaction is never bigger.
          expect(tx.virtualSize()).toBeLessThanOrEqual(built.vsize)
          expect(Number(built.fee)).toBeGreaterThanOrEqual(tx.virtualSize() * rate)
          expect(total).toBeGreaterThanOrEqual(amount + built.fee)
        },
      ),
      { numRuns: 40 },
    )
  })

  it('refuses an amount under the receiver’s dust limit and sends dust change to the fee', () => {
    expect(() =>
      buildPayment({ utxos: [utxo(100_000n)], source, to, value: 293n, feeRate: 1, params }),
    ).toThrow(DustAmountError)
    const built = buildPayment({ utxos: [utxo(100_000n)], source, to, value: 99_700n, feeRate: 1, params })
    expect(built.psbt.txOutputs).toHaveLength(1)
    expect(built.fee).toBe(300n)
  })

  it('prefers confirmed outputs and says how much is missing when the UTXOs do not cover amount + fee', () => {
    const built = buildPayment({
      utxos: [utxo(900_000n, 1, false), utxo(600_000n, 2)],
      source,
      to,
      value: 100_000n,
      feeRate: 2,
      params,
    })
    expect(built.psbt.txInputs.map((i) => i.index)).toEqual([2])
    expect(() =>
      buildPayment({ utxos: [utxo(10_000n)], source, to, value: 9_990n, feeRate: 2, params }),
    ).toThrow(InsufficientFundsError)
  })
})

describe('checking the PSBT the wallet returns', () => {
  const base = () =>
    buildPayment({
      utxos: [utxo(1_000_000n), utxo(500_000n, 1)],
      source,
      to,
      value: 1_200_000n,
      feeRate: 3,
      params,
    })

  it('accepts the same payment, signed', () => {
    const built = base()
    const signed = Psbt.fromBuffer(built.psbt.toBuffer())
    signPsbtInputs(
      signed,
      [payment!],
      built.inputIndexes.map((index) => ({ index })),
    )
    expect(() => assertSamePayment(built.psbt, signed)).not.toThrow()
  })

  it('refuses any changed output value or script, extra recipient, or dropped output (PsbtMismatchError)', () => {
    const scripts = [to.script, source.script, parseBitcoinAddress(ordinals!.address, params).script]
    fc.assert(
      fc.property(
        fc.oneof(
          fc.record({
            kind: fc.constant('value' as const),
            at: fc.nat(1),
            delta: fc.bigInt({ min: 1n, max: 100_000n }),
          }),
          fc.record({ kind: fc.constant('script' as const), at: fc.nat(1), script: fc.nat(2) }),
          fc.record({
            kind: fc.constant('extra' as const),
            value: fc.bigInt({ min: 1n, max: 100_000n }),
            script: fc.nat(2),
          }),
          fc.record({ kind: fc.constant('drop' as const) }),
        ),
        (change) => {
          const built = base()
          const outs = built.psbt.txOutputs.map((o) => ({ script: o.script, value: o.value }))
          if (change.kind === 'value') outs[change.at]!.value -= change.delta
          if (change.kind === 'script') {
            const next = scripts[change.script]!
            if (Buffer.compare(Buffer.from(next), Buffer.from(outs[change.at]!.script)) === 0) return
            outs[change.at]!.script = next
          }
          if (change.kind === 'extra') outs.push({ script: scripts[change.script]!, value: change.value })
          if (change.kind === 'drop') outs.pop()
          const tampered = new Psbt({ network: params })
          built.psbt.txInputs.forEach((input, i) => {
            tampered.addInput({
              hash: input.hash,
              index: input.index,
              witnessUtxo: built.psbt.data.inputs[i]!.witnessUtxo!,
            })
          })
          for (const o of outs) tampered.addOutput(o)
          signPsbtInputs(
            tampered,
            [payment!],
            built.inputIndexes.map((index) => ({ index })),
          )
          expect(() => assertSamePayment(built.psbt, tampered)).toThrow(PsbtMismatchError)
        },
      ),
      { numRuns: 60 },
    )
  })

  it('refuses a swapped input and an unsigned or wrongly signed PSBT at finalization', () => {
    const built = base()
    const swapped = new Psbt({ network: params })
    swapped.addInput({ hash: 'b'.repeat(64), index: 0, witnessUtxo: built.psbt.data.inputs[0]!.witnessUtxo! })
    swapped.addInput({
      hash: built.psbt.txInputs[1]!.hash,
      index: 1,
      witnessUtxo: built.psbt.data.inputs[1]!.witnessUtxo!,
    })
    for (const o of built.psbt.txOutputs) swapped.addOutput({ script: o.script, value: o.value })
    expect(() => assertSamePayment(built.psbt, swapped)).toThrow(PsbtMismatchError)
    expect(() => finalizeAndExtract(Psbt.fromBuffer(built.psbt.toBuffer()))).toThrow(PsbtMismatchError)
  })
})
