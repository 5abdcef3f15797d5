import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { EsploraResponseError } from '../errors/index.js'
import { feeRateFor, parseFeeEstimates, parseUtxos } from './index.js'

describe('Esplora answers are validated', () => {
  it('parses a well-formed UTXO list into sats (bigint) with the confirmation status', () => {
    const txid = 'ab'.repeat(32)
    expect(
      parseUtxos([{ txid, vout: 1, value: 5000, status: { confirmed: true, block_height: 7 } }]),
    ).toEqual([{ txid, vout: 1, value: 5000n, confirmed: true, blockHeight: 7 }])
  })

  it('an output listed twice (mempool and a new block at once) counts once, as confirmed', () => {
    const txid = 'cd'.repeat(32)
    const other = 'ef'.repeat(32)
    expect(
      parseUtxos([
        { txid, vout: 1, value: 949_900_000, status: { confirmed: false } },
        { txid, vout: 1, value: 949_900_000, status: { confirmed: true, block_height: 9 } },
        { txid, vout: 0, value: 50_000_000, status: { confirmed: false } },
        { txid: other, vout: 1, value: 7, status: { confirmed: true, block_height: 8 } },
      ]),
    ).toEqual([
      { txid, vout: 1, value: 949_900_000n, confirmed: true, blockHeight: 9 },
      { txid, vout: 0, value: 50_000_000n, confirmed: false },
      { txid: other, vout: 1, value: 7n, confirmed: true, blockHeight: 8 },
    ])
  })

  it('turns any garbage UTXO answer into EsploraResponseError, never a wrong balance', () => {
    const good = { txid: 'ab'.repeat(32), vout: 0, value: 1, status: { confirmed: false } }
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything().filter((v) => !Array.isArray(v)),
          fc.constantFrom(
            [{ ...good, value: -1 }],
            [{ ...good, value: 1.5 }],
            [{ ...good, value: '100' }],
            [{ ...good, value: 2.2e15 }],
            [{ ...good, txid: 'xyz' }],
            [{ ...good, vout: -1 }],
            [{ ...good, status: null }],
            [null],
          ),
        ),
        (garbage) => {
          expect(() => parseUtxos(garbage)).toThrow(EsploraResponseError)
        },
      ),
    )
  })

  it('fee estimates: rejects empty or non-positive rates; picks the nearest target at or above', () => {
    expect(() => parseFeeEstimates({})).toThrow(EsploraResponseError)
    expect(() => parseFeeEstimates({ '1': -2 })).toThrow(EsploraResponseError)
    expect(() => parseFeeEstimates([1, 2])).toThrow(EsploraResponseError)
    const rates = parseFeeEstimates({ '1': 5, '3': 3, '6': 2, '144': 1 })
    expect(feeRateFor(rates, 2)).toBe(3)
    expect(feeRateFor(rates, 3)).toBe(3)
    expect(feeRateFor(rates, 1000)).toBe(1)
  })
})
