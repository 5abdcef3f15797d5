import { createPortico } from '@portico/core'
import { afterAll, describe, expect, it } from 'vitest'
import { embeddedWalletPlugin, resolveTimeouts } from './index.js'
import { registrations } from './plugin.js'

describe('SPEC §9 time-outs of the embedded wallet', () => {
  // createPortico subscribes to the connector, which starts loading the controller lazily:
  // let that import finish before the environment is torn down.
  afterAll(async () => {
    await import('./controller/index.js')
  })

  it('default to SPEC: frame load 20 s ("Network Error"), email/OTP request 120 s ("Embedded Wallet Request Timed Out")', () => {
    expect(resolveTimeouts({})).toEqual({ loadTimeoutMs: 20_000, requestTimeoutMs: 120_000 })
  })

  it('the plugin hands the SPEC defaults to its controller when the options are silent', () => {
    const portico = createPortico({
      apiUrl: 'http://127.0.0.1:8787',
      projectId: 'local',
      plugins: [embeddedWalletPlugin({ views: false })],
    })
    const options = registrations.get(portico)?.options
    expect(options?.loadTimeoutMs).toBe(20_000)
    expect(options?.requestTimeoutMs).toBe(120_000)
  })

  it('are shortened by configuration (tests), each on its own', () => {
    expect(resolveTimeouts({ loadTimeoutMs: 1500 })).toEqual({
      loadTimeoutMs: 1500,
      requestTimeoutMs: 120_000,
    })
    expect(resolveTimeouts({ requestTimeoutMs: 2500 })).toEqual({
      loadTimeoutMs: 20_000,
      requestTimeoutMs: 2500,
    })
    const portico = createPortico({
      apiUrl: 'http://127.0.0.1:8787',
      projectId: 'local',
      plugins: [embeddedWalletPlugin({ views: false, loadTimeoutMs: 3000, requestTimeoutMs: 4000 })],
    })
    expect(registrations.get(portico)?.options).toMatchObject({ loadTimeoutMs: 3000, requestTimeoutMs: 4000 })
  })

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 86_400_001])(
    'a time-out of %s ms is refused with INVALID_TIMEOUT, not a frame that never gives up',
    (bad) => {
      expect(() => resolveTimeouts({ loadTimeoutMs: bad })).toThrowError(
        expect.objectContaining({ code: 'INVALID_TIMEOUT' }),
      )
      expect(() => embeddedWalletPlugin({ requestTimeoutMs: bad })).toThrowError(/requestTimeoutMs/)
    },
  )
})
