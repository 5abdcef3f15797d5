import { describe, expect, it } from 'vitest'
import { originAllowed } from './origins.js'

describe('origin allowlist patterns', () => {
  it('exact origins match case-insensitively; * matches anything', () => {
    expect(originAllowed('https://App.example', ['https://app.example'])).toBe(true)
    expect(originAllowed('https://app.example', ['https://other.example'])).toBe(false)
    expect(originAllowed('https://x.y', ['*'])).toBe(true)
  })
  it('a port wildcard matches digits only', () => {
    expect(originAllowed('http://localhost:5173', ['http://localhost:*'])).toBe(true)
    expect(originAllowed('http://localhost:5173.evil.example', ['http://localhost:*'])).toBe(false)
    expect(originAllowed('https://localhost:5173', ['http://localhost:*'])).toBe(false)
  })
  it('a subdomain wildcard matches one label, not a suffix trick', () => {
    expect(originAllowed('https://pr-12.preview.example', ['https://*.preview.example'])).toBe(true)
    expect(originAllowed('https://a.b.preview.example', ['https://*.preview.example'])).toBe(false)
    expect(originAllowed('https://evilpreview.example', ['https://*.preview.example'])).toBe(false)
    expect(originAllowed('https://x.preview.example.evil', ['https://*.preview.example'])).toBe(false)
  })
})
