import { describe, expect, it } from 'vitest'
import { parseRequest } from './protocol.js'
import { FRAME_CATALOGUE } from './strings.js'

const env = (payload: unknown, id = 'r1') => ({ portico: 'embedded-wallet', v: 1, id, payload })

// Issue 14: EmailVerifyDevice, update email and key export, frame side. Every parent message is
// schema-checked here whatever the dApp side checked; the export's key never travels in a message.
describe('signer frame protocol, frame side: device approval, update email and key export requests', () => {
  it('accepts the device wait, email change and export requests', () => {
    for (const type of ['device.poll', 'device.resend', 'device.cancel', 'export.request', 'export.enter'])
      expect(parseRequest(env({ type }))?.request).toEqual({ type })
    expect(parseRequest(env({ type: 'email.change', newEmail: 'new@example.com' }))?.request).toEqual({
      type: 'email.change',
      newEmail: 'new@example.com',
    })
    for (const stage of ['old', 'new'])
      expect(parseRequest(env({ type: 'email.change.enter', stage }))?.request).toEqual({
        type: 'email.change.enter',
        stage,
      })
  })

  it('issue 29: no code comes from the page: the export and email-change codes are typed in the frame', () => {
    // The v1 requests that carried a code are gone: the frame answers them -32602 "Invalid request".
    expect(parseRequest(env({ type: 'email.change.verify', code: '012345' }))).toBeUndefined()
    expect(parseRequest(env({ type: 'export.show', code: '654321' }))).toBeUndefined()
    expect(parseRequest(env({ type: 'email.change.resend', stage: 'old' }))).toBeUndefined()
    // A code riding along on the requests that open the frame's card is dropped, never read.
    expect(parseRequest(env({ type: 'export.enter', code: '654321' }))?.request).toEqual({
      type: 'export.enter',
    })
    expect(parseRequest(env({ type: 'email.change.enter', stage: 'new', code: '012345' }))?.request).toEqual({
      type: 'email.change.enter',
      stage: 'new',
    })
  })

  it('extra fields are dropped: a device poll carries no token of the dApp page', () => {
    expect(parseRequest(env({ type: 'device.poll', pendingToken: 'x'.repeat(43) }))?.request).toEqual({
      type: 'device.poll',
    })
  })

  it.each([
    ['an email change without an address', env({ type: 'email.change' })],
    ['an email change with a number', env({ type: 'email.change', newEmail: 42 })],
    ['an overlong new email', env({ type: 'email.change', newEmail: `${'a'.repeat(260)}@b.co` })],
    ['a change code card without a stage', env({ type: 'email.change.enter' })],
    ['a change code card for a finished change', env({ type: 'email.change.enter', stage: 'done' })],
    ['an unknown export request', env({ type: 'export.key' })],
  ])('ignores %s', (_name, data) => {
    expect(parseRequest(data)).toBeUndefined()
  })

  it('the export card speaks every locale, with the warning that whoever sees the key can take the funds', () => {
    expect(FRAME_CATALOGUE.en.exportWarning).toMatch(/Anyone who sees this key can take everything/)
    for (const [locale, strings] of Object.entries(FRAME_CATALOGUE)) {
      if (locale === 'en') continue
      for (const key of ['exportTitle', 'exportWarning', 'exportCopy', 'exportClose'] as const)
        expect(strings[key], `${locale}.${key}`).not.toBe(FRAME_CATALOGUE.en[key])
    }
  })
})
