import { encode } from 'uqr'
import { describe, expect, it } from 'vitest'
import { qrPath } from './qr.js'
import { FARCASTER_CATALOGUE } from './strings.js'

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

// Issue 29: the Farcaster deep link (it carries the relay's channel token) is drawn in the frame's own card.
describe('signer frame: the Farcaster card', () => {
  it('the QR path draws exactly the dark modules of the link’s QR matrix, one square each', () => {
    const link = `farcaster://connect?channelToken=${'A1b2'.repeat(8)}&nonce=${'n'.repeat(16)}&domain=127.0.0.1%3A5173`
    const { d, size } = qrPath(link)
    const { data } = encode(link, { ecc: 'M', border: 0 })
    expect(size).toBe(data.length)
    const drawn = new Set([...d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map((m) => `${m[1]},${m[2]}`))
    const dark = new Set<string>()
    data.forEach((row, y) => {
      row.forEach((on, x) => {
        if (on) dark.add(`${x},${y}`)
      })
    })
    expect(drawn).toEqual(dark)
    expect(d).toBe([...d.matchAll(/M\d+ \d+h1v1h-1z/g)].map((m) => m[0]).join(''))
    // Another channel token, another code.
    expect(qrPath(link.replace('A1b2', 'Z9y8')).d).not.toBe(d)
  })

  it('speaks en, es, zh, ja and ar: every key, no other, none empty, the same placeholders', () => {
    expect(Object.keys(FARCASTER_CATALOGUE).sort()).toEqual(['ar', 'en', 'es', 'ja', 'zh'])
    const en = FARCASTER_CATALOGUE.en
    for (const [locale, strings] of Object.entries(FARCASTER_CATALOGUE)) {
      expect(Object.keys(strings).sort(), locale).toEqual(Object.keys(en).sort())
      for (const [key, value] of Object.entries(strings)) {
        expect(value.trim(), `${locale}.${key}`).not.toBe('')
        expect(placeholders(value), `${locale}.${key}`).toEqual(placeholders(en[key as keyof typeof en]))
        if (locale !== 'en') expect(value, `${locale}.${key}`).not.toBe(en[key as keyof typeof en])
      }
    }
    // The page's ConnectingFarcaster view sends the visitor here with these words.
    expect(en.qrLabel).toBe('QR code to log in with Farcaster')
    expect(en.open).toBe('Open Farcaster on this device')
  })
})
