import { EMAIL_LOGIN_COOLDOWN_MS } from '@portico/core'
import { describe, expect, it } from 'vitest'
import { parseRequest } from '../protocol.js'
import { CODE_COOLDOWN_MS, digitsOf, resendWait } from './index.js'
import { CODE_CATALOGUE } from './strings.js'

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

// Issue 29: the login code is typed in the frame's own card; the dApp page never sees it.
describe('signer frame: the login-code card', () => {
  it('SPEC §4/§9: the resend waits 30 s from the last code, in whole seconds rounded up, 0 when none', () => {
    expect(CODE_COOLDOWN_MS).toBe(30_000)
    expect(CODE_COOLDOWN_MS).toBe(EMAIL_LOGIN_COOLDOWN_MS)
    const now = 1_700_000_000_000
    expect(resendWait(undefined, now)).toBe(0)
    expect(resendWait(now, now)).toBe(30)
    expect(resendWait(now - 100, now)).toBe(30)
    expect(resendWait(now - 29_001, now)).toBe(1)
    expect(resendWait(now - 30_000, now)).toBe(0)
  })

  it('takes the six digits out of what was typed or pasted', () => {
    expect(digitsOf('Code: 123 456')).toBe('123456')
    expect(digitsOf('1234567890')).toBe('123456')
    expect(digitsOf('12a3')).toBe('123')
  })

  it('the page asks for the card with an address only: a code from the page is refused', () => {
    const env = (payload: unknown) => ({ portico: 'embedded-wallet', v: 1, id: 'r1', payload })
    expect(parseRequest(env({ type: 'otp.enter', email: 'a@b.co' }))?.request).toEqual({
      type: 'otp.enter',
      email: 'a@b.co',
    })
    expect(parseRequest(env({ type: 'otp.verify', email: 'a@b.co', code: '123456' }))).toBeUndefined()
    expect(parseRequest(env({ type: 'otp.enter', email: 'a@b.co', lastSent: -1 }))).toBeUndefined()
  })

  it('speaks en, es, zh, ja and ar: every key, no other, none empty, the same placeholders', () => {
    expect(Object.keys(CODE_CATALOGUE).sort()).toEqual(['ar', 'en', 'es', 'ja', 'zh'])
    const en = CODE_CATALOGUE.en
    for (const [locale, strings] of Object.entries(CODE_CATALOGUE)) {
      expect(Object.keys(strings).sort(), locale).toEqual(Object.keys(en).sort())
      for (const [key, value] of Object.entries(strings)) {
        expect(value.trim(), `${locale}.${key}`).not.toBe('')
        expect(placeholders(value), `${locale}.${key}`).toEqual(placeholders(en[key as keyof typeof en]))
        if (locale !== 'en' && (key === 'title' || key === 'verify' || key === 'cancel'))
          expect(value, `${locale}.${key}`).not.toBe(en[key])
      }
    }
    expect(en.resendIn).toBe('Resend code in {seconds} s')
    expect(en.intro).toContain('6-digit')
    expect(en.hint).toContain('10 minutes')
  })
})
