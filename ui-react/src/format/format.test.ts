import { describe, expect, it } from 'vitest'
import {
  formatTokenAmount,
  formatUsd,
  isUserRejection,
  safeImageSrc,
  shortenAddress,
  shortenEmailForDisplay,
  truncateDecimals,
} from './index.js'

describe('display formatting (SPEC §5, §2)', () => {
  it('token balances are truncated, not rounded, to 3 decimals; default 0.000', () => {
    expect(truncateDecimals('1.23999')).toBe('1.239')
    expect(truncateDecimals('10000')).toBe('10000.000')
    expect(truncateDecimals(undefined)).toBe('0.000')
    expect(truncateDecimals('-0.0004')).toBe('0.000')
    expect(formatTokenAmount('10000.999999')).toBe('10000.999')
  })
  it('fiat shows 2 decimals', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50')
    expect(formatUsd(0.005)).toBe('$0.01')
  })
  it('emails over 30 characters are shortened with an ellipsis', () => {
    const long = shortenEmailForDisplay(`${'a'.repeat(20)}@example.com`)
    expect(long).toContain('…')
    expect(long).toHaveLength(30)
    expect(shortenEmailForDisplay('short@example.com')).toBe('short@example.com')
  })
  it('addresses shorten to 0x1234…abcd', () => {
    expect(shortenAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf39F…2266')
  })
  it('user rejection is found by code 4001 anywhere in the cause chain', () => {
    expect(isUserRejection({ code: 4001 })).toBe(true)
    expect(isUserRejection(new Error('wrapped', { cause: { code: 4001 } }))).toBe(true)
    expect(isUserRejection(new Error('User rejected the request'))).toBe(false)
  })
  it('only data: images and http(s) URLs become <img src>', () => {
    expect(safeImageSrc('data:image/svg+xml;base64,AAAA')).toBeDefined()
    expect(safeImageSrc('javascript:alert(1)')).toBeUndefined()
    expect(safeImageSrc('x" onerror="alert(1)')).toBeUndefined()
  })
})
