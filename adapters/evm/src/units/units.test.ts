import fc from 'fast-check'
import * as viem from 'viem'
import { describe, expect, it } from 'vitest'
import { toHexQuantity } from './units.js'

// The adapter's parseUnits/formatUnits replaced viem's on the first load: same answers, same rounding.
// Amounts: core's parseUnits / formatUnits (one implementation, truncating per SPEC §5).
describe('hex quantities without viem', () => {
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
