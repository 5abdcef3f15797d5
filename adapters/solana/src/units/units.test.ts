import { InvalidDecimalNumberError } from '@portico/core'
import { describe, expect, it } from 'vitest'
import { formatBalanceUnits, formatUnits, parseUnits } from './index.js'

describe('lamport / token unit conversion', () => {
  it('parseUnits turns decimal SOL into lamports and truncates extra digits', () => {
    expect(parseUnits('1.5', 9)).toBe(1_500_000_000n)
    expect(parseUnits('0.000000001', 9)).toBe(1n)
    expect(parseUnits('0.0000000019', 9)).toBe(1n)
    expect(parseUnits('.25', 6)).toBe(250_000n)
    expect(parseUnits('-2', 0)).toBe(-2n)
  })

  it('parseUnits refuses what is not a decimal number', () => {
    for (const bad of ['', '.', 'abc', '1e9', '1,5', '0x10']) {
      expect(() => parseUnits(bad, 9)).toThrow(InvalidDecimalNumberError)
    }
  })

  it('formatUnits drops trailing zeros and round-trips with parseUnits', () => {
    expect(formatUnits(1_500_000_000n, 9)).toBe('1.5')
    expect(formatUnits(1n, 9)).toBe('0.000000001')
    expect(formatUnits(-1_000_000n, 6)).toBe('-1')
    for (const v of [0n, 7n, 123_456_789_012n]) expect(parseUnits(formatUnits(v, 9), 9)).toBe(v)
  })

  it('balances are truncated, not rounded, to 3 decimals (SPEC §5), 0.000 by default', () => {
    expect(formatBalanceUnits(1_999_999_999n, 9)).toBe('1.999')
    expect(formatBalanceUnits(0n, 9)).toBe('0.000')
    expect(formatBalanceUnits(10_000n * 10n ** 9n, 9)).toBe('10000.000')
    expect(formatBalanceUnits(1_234_500_000n, 6)).toBe('1234.500')
  })
})
