import Big from 'big.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { InvalidDecimalNumberError } from '../errors/index.js'
import { formatBalance, formatFiat, formatUnits, parseUnits } from './format.js'

describe('SPEC §5 token balance: truncated (not rounded) to 3 decimals, default 0.000', () => {
  it('truncates instead of rounding', () => {
    expect(formatBalance('1.23999')).toBe('1.239')
    expect(formatBalance(0.9999)).toBe('0.999')
    expect(formatBalance('10000')).toBe('10000.000')
    expect(formatBalance(-1.2349)).toBe('-1.234')
    expect(formatBalance('-0.0001')).toBe('0.000')
  })
  it('defaults to 0.000 when missing or not a number', () => {
    for (const v of [undefined, null, '', 'abc', Number.NaN, Number.POSITIVE_INFINITY, '1e99999']) {
      expect(formatBalance(v as string)).toBe('0.000')
    }
  })
  it('appends the symbol', () => {
    expect(formatBalance('1.5', 'ETH')).toMatchInlineSnapshot(`"1.500 ETH"`)
    expect(formatBalance(undefined, 'SOL')).toMatchInlineSnapshot(`"0.000 SOL"`)
  })
  it('uses 20-place decimal arithmetic, not floats', () => {
    // 1e-21 below 20 places and huge integers stay exact
    expect(formatBalance('123456789012345678901234.56789')).toBe('123456789012345678901234.567')
    expect(formatBalance(10n ** 30n)).toBe(`1${'0'.repeat(30)}.000`)
  })
  it('does not change the global big.js settings', () => {
    formatBalance('1')
    expect(Big.DP).toBe(20)
    expect(Big.RM).toBe(1)
  })
  it('property: any string in → a string with exactly 3 decimals, never a crash', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double().map(String), fc.double()), (v) => {
        expect(formatBalance(v)).toMatch(/^-?\d+\.\d{3}$/)
      }),
    )
  })
  it('property: truncation never exceeds the value and is within 0.001 of it', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e12, noNaN: true }), (v) => {
        const out = new Big(formatBalance(v))
        const exact = new Big(v)
        expect(out.lte(exact)).toBe(true)
        expect(exact.minus(out).lt('0.001')).toBe(true)
      }),
    )
  })
})

describe('SPEC §5 fiat balances show 2 decimals', () => {
  it('formats with 2 decimals', () => {
    expect(formatFiat(1234.567)).toBe('1234.57')
    expect(formatFiat('0.1')).toBe('0.10')
    expect(formatFiat(undefined)).toBe('0.00')
    expect(formatFiat('nope')).toBe('0.00')
  })
  it('property: any input → exactly 2 decimals', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double()), (v) => {
        expect(formatFiat(v)).toMatch(/^-?\d+\.\d{2}$/)
      }),
    )
  })
})

describe('formatUnits / parseUnits (bigint + decimals)', () => {
  it('formats and parses', () => {
    expect(formatUnits(1_500_000_000_000_000_000n, 18)).toBe('1.5')
    expect(formatUnits(-1n, 6)).toBe('-0.000001')
    expect(formatUnits(100n, 0)).toBe('100')
    expect(parseUnits('1.5', 18)).toBe(1_500_000_000_000_000_000n)
    expect(parseUnits('.5', 1)).toBe(5n)
    expect(parseUnits('-2', 2)).toBe(-200n)
  })
  it('extra fraction digits are truncated, never rounded up', () => {
    expect(parseUnits('0.1239', 3)).toBe(123n)
  })
  it('bad input throws InvalidDecimalNumberError', () => {
    for (const v of ['', '.', 'abc', '1e5', '1.2.3', '--1']) {
      expect(() => parseUnits(v, 18), v).toThrow(InvalidDecimalNumberError)
    }
    expect(() => formatUnits(1n, -1)).toThrow(RangeError)
  })
  it('property: parseUnits(formatUnits(x)) === x', () => {
    fc.assert(
      fc.property(fc.bigInt(), fc.integer({ min: 0, max: 40 }), (x, d) => {
        expect(parseUnits(formatUnits(x, d), d)).toBe(x)
      }),
    )
  })
  it('property: any string → bigint or InvalidDecimalNumberError', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        try {
          expect(typeof parseUnits(s, 18)).toBe('bigint')
        } catch (e) {
          expect(e).toBeInstanceOf(InvalidDecimalNumberError)
        }
      }),
    )
  })
})
