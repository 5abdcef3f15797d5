import { describe, expect, it } from 'vitest'
import { frameAncestors } from './listener.js'

describe('signer origin: the frame-ancestors policy', () => {
  it('frame-ancestors lists only origin patterns of the allowlist ("none" when there is none)', () => {
    expect(frameAncestors(['http://localhost:*', 'https://*.example.com'])).toBe(
      'http://localhost:* https://*.example.com',
    )
    expect(frameAncestors(['*', "https://x.com; script-src 'unsafe-inline'"])).toBe("'none'")
    expect(frameAncestors([])).toBe("'none'")
    // CSP has no IPv6 host source: the browser would drop it with a warning.
    expect(frameAncestors(['http://127.0.0.1:*', 'http://[::1]:*'])).toBe('http://127.0.0.1:*')
  })
})
