import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ALERTS, alertForProviderError } from './alerts.js'

describe('SPEC §8 alerts', () => {
  it('lists the nine alerts with a code, a short and a long message', () => {
    expect(Object.values(ALERTS).map((a) => `${a.code}: ${a.shortMessage}`)).toMatchInlineSnapshot(`
      [
        "NETWORK_NOT_FOUND: Network Not Found",
        "INVALID_APP_CONFIGURATION: Invalid App Configuration",
        "NETWORK_ERROR: Network Error",
        "EMBEDDED_WALLET_REQUEST_TIMED_OUT: Embedded Wallet Request Timed Out",
        "SESSION_EXPIRED: Session Expired",
        "INVALID_PROJECT_ID: Invalid Project ID",
        "PROJECT_ID_NOT_CONFIGURED: Project ID Not Configured",
        "SERVER_ERROR: Server Error",
        "RATE_LIMITED: Rate Limited",
      ]
    `)
    for (const [key, alert] of Object.entries(ALERTS)) {
      expect(alert.code).toBe(key)
      expect(alert.longMessage.length).toBeGreaterThan(alert.shortMessage.length)
    }
  })

  it('"Unauthorized: origin not allowed" gives the invalid app configuration alert', () => {
    expect(alertForProviderError('Unauthorized: origin not allowed')).toBe(ALERTS.INVALID_APP_CONFIGURATION)
  })
  it('"JWT validation error: JWT Token is not yet valid" gives session expired', () => {
    expect(alertForProviderError('JWT validation error: JWT Token is not yet valid')).toBe(
      ALERTS.SESSION_EXPIRED,
    )
  })
  it('"Unauthorized: invalid key" gives invalid project id', () => {
    expect(alertForProviderError('Unauthorized: invalid key')).toBe(ALERTS.INVALID_PROJECT_ID)
  })
  it('other messages give no alert (whole-message match, not substring)', () => {
    expect(alertForProviderError('Unauthorized: invalid key, and more')).toBeUndefined()
    expect(alertForProviderError(undefined)).toBeUndefined()
  })
  it('property: any value in → an alert or undefined, never a throw', () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        const r = alertForProviderError(v)
        expect(r === undefined || typeof r.code === 'string').toBe(true)
      }),
    )
  })
})
