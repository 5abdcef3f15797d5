import { createPortico } from '@portico/core'
import { describe, expect, it } from 'vitest'
import { parseDevicePoll, parseEmailChangeStep, parseExpiry, parseLoginAnswer } from './account-protocol.js'
import { embeddedWalletPlugin } from './index.js'
import { isEmailLoginAccount } from './plugin.js'
import { frameRequest } from './protocol.js'

const ADDRESS = `0x${'ab'.repeat(20)}`

// Issue 14 / SPEC §4 "connect, verify device, verify OTP, connected": the frame's answers to the
// device wait, the email change and the export, checked on the dApp side whatever the frame sent.
describe('embedded-wallet account protocol, dApp side', () => {
  it('a right code answers the session, or a wait for the device-approval link (no pending token on this side)', () => {
    expect(parseLoginAnswer({ email: 'a@b.co', address: ADDRESS })).toEqual({
      status: 'connected',
      email: 'a@b.co',
      address: ADDRESS,
    })
    expect(
      parseLoginAnswer({
        status: 'device_approval',
        email: 'a@b.co',
        expiresAt: 1_900_000_000_000,
        pendingToken: 'x'.repeat(43),
      }),
    ).toEqual({ status: 'device_approval', email: 'a@b.co', expiresAt: 1_900_000_000_000 })
  })

  it.each([
    ['a wait without an email', { status: 'device_approval', expiresAt: 1 }],
    ['a wait with a string time', { status: 'device_approval', email: 'a@b.co', expiresAt: '1' }],
    ['a session with a short address', { email: 'a@b.co', address: '0x12' }],
    ['null', null],
  ])('refuses %s as a login answer', (_name, value) => {
    expect(parseLoginAnswer(value)).toBeUndefined()
  })

  it('a device poll is waiting (until its expiry) or the session once approved', () => {
    expect(parseDevicePoll({ status: 'waiting', expiresAt: 5 })).toEqual({ status: 'waiting', expiresAt: 5 })
    expect(parseDevicePoll({ email: 'a@b.co', address: ADDRESS })?.status).toBe('connected')
    expect(parseDevicePoll({ status: 'waiting' })).toBeUndefined()
    expect(parseDevicePoll({ status: 'connected', token: 't' })).toBeUndefined()
  })

  it('an email change is at the old or the new address, or done with a new email', () => {
    expect(parseEmailChangeStep({ stage: 'old', expiresAt: 1 })).toEqual({ stage: 'old', expiresAt: 1 })
    expect(parseEmailChangeStep({ stage: 'new', expiresAt: 2 })).toEqual({ stage: 'new', expiresAt: 2 })
    expect(parseEmailChangeStep({ stage: 'done', email: 'new@b.co' })).toEqual({
      stage: 'done',
      email: 'new@b.co',
    })
    expect(parseEmailChangeStep({ stage: 'done' })).toBeUndefined()
    expect(parseEmailChangeStep({ stage: 'later', expiresAt: 1 })).toBeUndefined()
    expect(parseEmailChangeStep({ stage: 'done', email: 'x'.repeat(300) })).toBeUndefined()
  })

  it('a mailed code answers its expiry only', () => {
    expect(parseExpiry({ expiresAt: 10 })).toEqual({ expiresAt: 10 })
    expect(parseExpiry({ expiresAt: -1 })).toBeUndefined()
  })

  it('requests to the frame carry the tag, version and id', () => {
    expect(frameRequest('a', { type: 'export.enter' })).toEqual({
      portico: 'embedded-wallet',
      v: 1,
      id: 'a',
      payload: { type: 'export.enter' },
    })
  })
})

describe('Account actions of the embedded wallet: Update email and Export private key', () => {
  it('are offered on an email login through the embedded wallet only (not a social login, not another wallet)', () => {
    const email = { connectorId: 'embeddedWallet', user: { email: 'a@b.co' } }
    expect(isEmailLoginAccount(email)).toBe(true)
    expect(isEmailLoginAccount({ ...email, socialProvider: 'google' })).toBe(false)
    expect(isEmailLoginAccount({ connectorId: 'embeddedWallet', user: { userName: 'Ada' } })).toBe(false)
    expect(isEmailLoginAccount({ connectorId: 'io.metamask', user: { email: 'a@b.co' } })).toBe(false)
  })

  it('are registered with labels in the five shipped locales, on every namespace the embedded wallet holds a key for', async () => {
    const portico = createPortico({
      apiUrl: 'http://127.0.0.1:8787',
      projectId: 'local',
      plugins: [embeddedWalletPlugin()],
    })
    const actions = portico.getAccountActions().filter((a) => a.id.startsWith('embedded-'))
    expect(actions.map((a) => [a.id, a.label, a.view])).toEqual([
      ['embedded-update-email', 'Update email', 'UpdateEmailWallet'],
      ['embedded-export-key', 'Export private key', 'ExportPrivateKey'],
    ])
    for (const a of actions) {
      expect(Object.keys(a.labels ?? {}).sort()).toEqual(['ar', 'es', 'ja', 'zh'])
      expect(a.namespaces).toEqual(['eip155', 'solana', 'bip122', 'cosmos', 'polkadot'])
    }
    // The connector loads its controller lazily; let that import land before the test ends.
    await import('./controller/index.js')
  })
})
