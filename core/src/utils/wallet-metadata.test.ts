import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  MAX_WALLET_ICON_LENGTH,
  MAX_WALLET_NAME_LENGTH,
  sanitizeWalletIcon,
  sanitizeWalletName,
} from './wallet-metadata.js'

const PNG = 'data:image/png;base64,iVBORw0KGgo='
const SVG = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>')}`

describe('announced wallet names are plain text of at most 64 characters', () => {
  it('control, bidi-override and zero-width characters are removed, whitespace collapsed', () => {
    expect(sanitizeWalletName('  Pha\u202entom\u0007\n Wallet ')).toBe('Phantom Wallet')
    expect(sanitizeWalletName('Bi\u202edi\u0000 wallet')).toBe('Bidi wallet')
    expect(sanitizeWalletName('Zero\u200bWidth\ufeff')).toBe('ZeroWidth')
  })

  it('a long name is cut to 64 characters ending in an ellipsis', () => {
    const long = sanitizeWalletName('W'.repeat(200))!
    expect([...long]).toHaveLength(MAX_WALLET_NAME_LENGTH)
    expect(long.endsWith('…')).toBe(true)
    expect(sanitizeWalletName('W'.repeat(64))).toBe('W'.repeat(64))
  })

  it('markup is kept as text (it is rendered as text, never as HTML)', () => {
    expect(sanitizeWalletName('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>')
  })

  it('a non-string or a name left empty gives undefined', () => {
    expect(sanitizeWalletName('\u200b\u0000')).toBeUndefined()
    expect(sanitizeWalletName('   ')).toBeUndefined()
    expect(sanitizeWalletName(42)).toBeUndefined()
    expect(sanitizeWalletName(null)).toBeUndefined()
  })

  it('property: any value → undefined or a trimmed string of 1–64 characters with no unsafe characters', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 400 }), fc.anything()), (value) => {
        const name = sanitizeWalletName(value)
        if (name === undefined) return
        expect(typeof name).toBe('string')
        const chars = [...name]
        expect(chars.length).toBeGreaterThan(0)
        expect(chars.length).toBeLessThanOrEqual(MAX_WALLET_NAME_LENGTH)
        expect(name).toBe(name.trim())
        // biome-ignore lint/suspicious/noControlCharactersInRegex: asserting their absence
        expect(name).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/)
      }),
      { numRuns: 500 },
    )
  }, 60_000)
})

describe('announced wallet icons are only bounded data:image URIs', () => {
  it('png and harmless svg data URIs pass unchanged', () => {
    expect(sanitizeWalletIcon(PNG)).toBe(PNG)
    expect(sanitizeWalletIcon(SVG)).toBe(SVG)
  })

  it('https, javascript: and non-image data URIs are dropped', () => {
    expect(sanitizeWalletIcon('https://evil.example/track.png')).toBeUndefined()
    expect(sanitizeWalletIcon('http://evil.example/icon.png')).toBeUndefined()
    expect(sanitizeWalletIcon('javascript:alert(1)')).toBeUndefined()
    expect(sanitizeWalletIcon('data:text/html;base64,PHNjcmlwdD4=')).toBeUndefined()
    expect(sanitizeWalletIcon(42)).toBeUndefined()
  })

  it('an svg with script, event handlers or undecodable content is dropped', () => {
    const script = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')}`
    expect(sanitizeWalletIcon(script)).toBeUndefined()
    expect(
      sanitizeWalletIcon(`data:image/svg+xml,${encodeURIComponent('<svg><script>1</script></svg>')}`),
    ).toBeUndefined()
    expect(sanitizeWalletIcon('data:image/svg+xml,<svg onload="alert(1)"></svg>')).toBeUndefined()
    expect(sanitizeWalletIcon('data:image/svg+xml,%E0%A4%A')).toBeUndefined()
  })

  it('an icon over 128 KiB is dropped', () => {
    expect(sanitizeWalletIcon(`data:image/png;base64,${'A'.repeat(200_000)}`)).toBeUndefined()
    const atLimit = `data:image/png;base64,${'A'.repeat(MAX_WALLET_ICON_LENGTH - 22)}`
    expect(sanitizeWalletIcon(atLimit)).toBe(atLimit)
  })

  it('property: any value → undefined or a data:image URI, never javascript: or http(s), never a crash', () => {
    const hostile = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.anything(),
      fc.string().map((s) => `javascript:${s}`),
      fc.string().map((s) => `http://${s}`),
      fc.string().map((s) => `https://${s}`),
      fc.string().map((s) => `data:image/svg+xml,${s}`),
      fc.string().map((s) => `data:image/svg+xml;base64,${s}`),
      fc.string().map((s) => `data:image/png;base64,${s}`),
    )
    fc.assert(
      fc.property(hostile, (value) => {
        const icon = sanitizeWalletIcon(value)
        if (icon === undefined) return
        expect(icon).toBe(value)
        expect(icon).toMatch(/^data:image\//i)
        expect(icon).not.toMatch(/^(?:javascript|https?):/i)
        expect(icon.length).toBeLessThanOrEqual(MAX_WALLET_ICON_LENGTH)
      }),
      { numRuns: 500 },
    )
  })
})
