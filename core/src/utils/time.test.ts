import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { EmailLoginTooEarlyError } from '../errors/index.js'
import { assertEmailLoginAllowed, getEmailLoginWait, getPairingExpiry, isPairingExpired } from './time.js'

const T0 = 1_700_000_000_000

describe('SPEC §4 pairing expiry', () => {
  it('a new pairing lasts 4 minutes', () => {
    expect(getPairingExpiry(T0)).toBe(T0 + 240_000)
  })
  it('a pairing is expired when 10 s or less remain', () => {
    const expiry = getPairingExpiry(T0)
    expect(isPairingExpired(expiry, T0)).toBe(false)
    expect(isPairingExpired(expiry, expiry - 10_001)).toBe(false)
    expect(isPairingExpired(expiry, expiry - 10_000)).toBe(true)
    expect(isPairingExpired(expiry, expiry + 1)).toBe(true)
    expect(isPairingExpired(undefined, T0)).toBe(true)
  })
  it('property: expired exactly when expiry - now <= 10000', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), (expiry, now) => {
        expect(isPairingExpired(expiry, now)).toBe(expiry - now <= 10_000)
      }),
    )
  })
})

describe('SPEC §5 email-login cool-down (30 s)', () => {
  it('the remaining wait is in whole seconds, rounded up', () => {
    expect(getEmailLoginWait(T0, T0)).toBe(30)
    expect(getEmailLoginWait(T0, T0 + 1)).toBe(30)
    expect(getEmailLoginWait(T0, T0 + 12_500)).toBe(18)
    expect(getEmailLoginWait(T0, T0 + 29_001)).toBe(1)
  })
  it('0 when none applies (no stored attempt, or 30 s have passed)', () => {
    expect(getEmailLoginWait(undefined, T0)).toBe(0)
    expect(getEmailLoginWait(null, T0)).toBe(0)
    expect(getEmailLoginWait(T0, T0 + 30_000)).toBe(0)
    expect(getEmailLoginWait(T0, T0 + 90_000)).toBe(0)
  })
  it('a new trigger is refused with "Please try again after N seconds"', () => {
    expect(() => assertEmailLoginAllowed(T0, T0 + 12_500)).toThrowErrorMatchingInlineSnapshot(
      `[EmailLoginTooEarlyError: Please try again after 18 seconds]`,
    )
    expect(() => assertEmailLoginAllowed(T0, T0 + 30_000)).not.toThrow()
  })
  it('property: the wait is an integer from 0 to 30, never a crash', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.constant(undefined)), fc.integer(), (last, now) => {
        const w = getEmailLoginWait(last, now)
        expect(Number.isInteger(w) && w >= 0 && w <= 30).toBe(true)
        try {
          assertEmailLoginAllowed(last, now)
          expect(w).toBe(0)
        } catch (e) {
          expect(e).toBeInstanceOf(EmailLoginTooEarlyError)
          expect((e as EmailLoginTooEarlyError).seconds).toBe(w)
        }
      }),
    )
  })
})
