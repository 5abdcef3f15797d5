import { describe, expect, it } from 'vitest'
import { ccipUrlAllowed } from './ccip-read.js'

describe('CCIP-read allowlist: exact origin, then path', () => {
  const allow = ['https://ccip.example.com', 'https://gw.example.org/ens/']

  it('a URL on an allowed origin (and under its path) is allowed', () => {
    expect(ccipUrlAllowed('https://ccip.example.com/{sender}/{data}.json', allow)).toBe(true)
    expect(ccipUrlAllowed('https://gw.example.org/ens/lookup', allow)).toBe(true)
  })

  it('a host that merely starts with the allowed text is refused (https://ccip.example.com.evil.tld)', () => {
    expect(ccipUrlAllowed('https://ccip.example.com.evil.tld/{data}', allow)).toBe(false)
    expect(ccipUrlAllowed('https://ccip.example.com:8443/{data}', allow)).toBe(false)
    expect(ccipUrlAllowed('http://ccip.example.com/{data}', allow)).toBe(false)
    expect(ccipUrlAllowed('https://user@ccip.example.com.evil.tld/', allow)).toBe(false)
  })

  it('a path outside the allowed path, or escaping it with dot segments, is refused', () => {
    expect(ccipUrlAllowed('https://gw.example.org/ensx/lookup', allow)).toBe(false)
    expect(ccipUrlAllowed('https://gw.example.org/ens/../admin', allow)).toBe(false)
    expect(ccipUrlAllowed('https://gw.example.org/', allow)).toBe(false)
  })

  it('garbage is refused', () => {
    expect(ccipUrlAllowed('not a url', allow)).toBe(false)
    expect(ccipUrlAllowed('https://ccip.example.com/', ['not a url'])).toBe(false)
  })
})
