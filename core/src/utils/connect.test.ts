import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { filterSocialProviders, getConnectMethodsOrder, SOCIAL_PROVIDERS, shortenEmail } from './connect.js'

describe('SPEC §2 Telegram social-provider filtering', () => {
  const all = [...SOCIAL_PROVIDERS]
  it('supported providers are google, github, apple, facebook, x, discord', () => {
    expect(all).toEqual(['google', 'github', 'apple', 'facebook', 'x', 'discord'])
  })
  it('Telegram on iOS drops google', () => {
    expect(filterSocialProviders(all, { telegram: true, os: 'ios' })).toEqual([
      'github',
      'apple',
      'facebook',
      'x',
      'discord',
    ])
  })
  it('Telegram on macOS drops x', () => {
    expect(filterSocialProviders(all, { telegram: true, os: 'macos' })).toEqual([
      'google',
      'github',
      'apple',
      'facebook',
      'discord',
    ])
  })
  it('Telegram on Android drops facebook and x', () => {
    expect(filterSocialProviders(all, { telegram: true, os: 'android' })).toEqual([
      'google',
      'github',
      'apple',
      'discord',
    ])
  })
  it('outside Telegram (or on other OSes) nothing is dropped', () => {
    expect(filterSocialProviders(all, { telegram: false, os: 'ios' })).toEqual(all)
    expect(filterSocialProviders(all, { telegram: true, os: 'windows' })).toEqual(all)
    expect(filterSocialProviders(all, undefined)).toEqual(all)
  })
})

describe('SPEC §2 connect-method order', () => {
  it('email, social, wallet by default', () => {
    expect(getConnectMethodsOrder({ hasInstalledWallets: false })).toEqual(['email', 'social', 'wallet'])
  })
  it('wallet, email, social when installed browser wallets exist', () => {
    expect(getConnectMethodsOrder({ hasInstalledWallets: true })).toEqual(['wallet', 'email', 'social'])
  })
})

describe('SPEC §2 an email longer than 30 characters is shortened with an ellipsis', () => {
  it('30 characters or fewer stay as they are', () => {
    const thirty = `${'a'.repeat(18)}@example.com`
    expect(thirty).toHaveLength(30)
    expect(shortenEmail(thirty)).toBe(thirty)
  })
  it('31+ characters are cut to 30 with an ellipsis, keeping the domain when it fits', () => {
    expect(shortenEmail('someone.with.a.really.long.name@example.com')).toMatchInlineSnapshot(
      `"someone.with.a.re…@example.com"`,
    )
    expect(shortenEmail('ada@a-very-very-long-company-domain.example.com')).toMatchInlineSnapshot(
      `"ada@a-very-very…in.example.com"`,
    )
  })
  it('property: output ≤ 30 characters, with an ellipsis exactly when the input was longer', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (s) => {
        const out = shortenEmail(s)
        const len = Array.from(s).length
        if (len <= 30) expect(out).toBe(s)
        else {
          expect(Array.from(out)).toHaveLength(30)
          expect(out).toContain('…')
        }
      }),
    )
  })
})
