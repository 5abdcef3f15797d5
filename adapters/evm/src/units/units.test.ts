import fc from 'fast-check'
import * as viem from 'viem'
import { describe, expect, it } from 'vitest'
import { formatUnits, parseUnits, toHexQuantity } from './units.js'

// The adapter's parseUnits/formatUnits replaced viem's on the first load: same answers, same rounding.
describe('units without viem', () => {
  it('formatUnits gives what viem gives, for any value and decimals', () => {
    fc.assert(
      fc.property(fc.bigInt(), fc.integer({ min: 0, max: 80 }), (value, decimals) => {
        expect(formatUnits(value, decimals)).toBe(viem.formatUnits(value, decimals))
      }),
      { numRuns: 2000 },
    )
    expect(formatUnits(10_000n * 10n ** 18n, 18)).toBe('10000')
    expect(formatUnits(-1n, 6)).toBe('-0.000001')
  })

  it('parseUnits gives what viem gives, rounding half away from zero, and round-trips formatUnits', () => {
    const decimal = fc
      .tuple(fc.boolean(), fc.stringMatching(/^[0-9]{0,30}$/), fc.option(fc.stringMatching(/^[0-9]{0,30}$/)))
      .filter(([, w, f]) => w !== '' || (f !== null && f !== ''))
      .map(([neg, w, f]) => `${neg ? '-' : ''}${w}${f === null ? '' : `.${f}`}`)
    fc.assert(
      fc.property(decimal, fc.integer({ min: 0, max: 40 }), (value, decimals) => {
        expect(parseUnits(value, decimals)).toBe(viem.parseUnits(value, decimals))
      }),
      { numRuns: 2000 },
    )
    fc.assert(
      fc.property(fc.bigInt(), fc.integer({ min: 0, max: 40 }), (value, decimals) => {
        expect(parseUnits(formatUnits(value, decimals), decimals)).toBe(value)
      }),
    )
    expect(parseUnits('1.55', 1)).toBe(16n)
    expect(parseUnits('9.99', 1)).toBe(100n)
    expect(parseUnits('-0.5', 0)).toBe(-1n)
    expect(parseUnits('.5', 1)).toBe(5n)
  })

  it('parseUnits refuses what viem refuses', () => {
    for (const bad of ['', '.', '-', '-.', '1.2.3', '1e18', ' 1', '0x10', 'abc', '1,5']) {
      expect(() => parseUnits(bad, 18)).toThrow('is not a valid decimal number')
      expect(() => viem.parseUnits(bad, 18)).toThrow()
    }
    expect(() => parseUnits('1', -1)).toThrow(RangeError)
    expect(() => formatUnits(1n, 1.5)).toThrow(RangeError)
  })

  it('toHexQuantity is viem numberToHex for non-negative integers, and refuses negatives', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), (value) => {
        expect(toHexQuantity(value)).toBe(viem.numberToHex(value))
      }),
    )
    expect(toHexQuantity(31337)).toBe('0x7a69')
    expect(() => toHexQuantity(-1n)).toThrow(RangeError)
  })
})
