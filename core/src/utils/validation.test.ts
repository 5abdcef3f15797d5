import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isValidEmail, isValidNameLabel } from './validation.js'

describe('SPEC §5 a valid email is required for connect and update-email', () => {
  it('accepts ordinary addresses', () => {
    for (const e of ['ada@example.com', 'a.b+tag@sub.example.co.uk', "o'neil@x-y.io"]) {
      expect(isValidEmail(e), e).toBe(true)
    }
  })
  it('refuses malformed ones', () => {
    for (const e of [
      '',
      'ada',
      'ada@',
      '@example.com',
      'ada@example',
      'a b@example.com',
      'a..b@example.com',
      '.a@example.com',
      'ada@-example.com',
      'ada@example.c',
      'ada@@example.com',
      `${'a'.repeat(65)}@example.com`,
    ]) {
      expect(isValidEmail(e), e).toBe(false)
    }
  })
  it('property: any value → boolean; generated emails of the accepted shape pass', () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        expect(typeof isValidEmail(v)).toBe('boolean')
      }),
    )
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (v) => {
        expect(typeof isValidEmail(v)).toBe('boolean')
      }),
    )
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9]{1,20}$/),
        fc.stringMatching(/^[a-z0-9]{1,20}$/),
        fc.stringMatching(/^[a-z]{2,6}$/),
        (l, d, t) => {
          expect(isValidEmail(`${l}@${d}.${t}`)).toBe(true)
        },
      ),
    )
  })
})

describe('SPEC §5 identity name: at least 4 letters, digits or hyphens', () => {
  it('applies the rule', () => {
    expect(isValidNameLabel('ada1')).toBe(true)
    expect(isValidNameLabel('my-name')).toBe(true)
    expect(isValidNameLabel('ada')).toBe(false)
    expect(isValidNameLabel('ada_1')).toBe(false)
    expect(isValidNameLabel('ada.eth')).toBe(false)
    expect(isValidNameLabel('adé1')).toBe(false)
  })
  it('property: valid exactly when ≥4 chars of [A-Za-z0-9-]', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(isValidNameLabel(s)).toBe(s.length >= 4 && /^[A-Za-z0-9-]+$/.test(s))
      }),
    )
  })
})
