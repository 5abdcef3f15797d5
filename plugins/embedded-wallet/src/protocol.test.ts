import { describe, expect, it } from 'vitest'
import { frameRequest, parseFrameMessage, parseSession } from './protocol.js'

describe('embedded-wallet protocol, dApp side: every frame message is schema-checked', () => {
  it('accepts the ready and ui events and well-formed replies', () => {
    expect(parseFrameMessage({ portico: 'embedded-wallet', v: 1, event: 'ready' })).toEqual({ kind: 'ready' })
    expect(parseFrameMessage({ portico: 'embedded-wallet', v: 1, event: 'ui', visible: true })).toEqual({
      kind: 'ui',
      visible: true,
    })
    expect(
      parseFrameMessage({ portico: 'embedded-wallet', v: 1, id: 'a-1', ok: true, result: '0x12' }),
    ).toEqual({
      kind: 'reply',
      id: 'a-1',
      result: '0x12',
    })
    expect(
      parseFrameMessage({
        portico: 'embedded-wallet',
        v: 1,
        id: 'a-1',
        ok: false,
        error: { code: 4001, message: 'Signature declined' },
      }),
    ).toEqual({ kind: 'error', id: 'a-1', error: { code: 4001, message: 'Signature declined' } })
  })

  it.each([
    ['another protocol', { portico: 'other', v: 1, event: 'ready' }],
    ['another version', { portico: 'embedded-wallet', v: 2, event: 'ready' }],
    ['a ui event without a boolean', { portico: 'embedded-wallet', v: 1, event: 'ui', visible: 'yes' }],
    ['an id with markup', { portico: 'embedded-wallet', v: 1, id: '<img>', ok: true, result: 1 }],
    [
      'an error without a message',
      { portico: 'embedded-wallet', v: 1, id: 'x', ok: false, error: { code: 1 } },
    ],
    [
      'an error with an object code',
      { portico: 'embedded-wallet', v: 1, id: 'x', ok: false, error: { code: {}, message: 'm' } },
    ],
    ['no ok flag', { portico: 'embedded-wallet', v: 1, id: 'x', result: 1 }],
    ['a string', 'ready'],
    ['null', null],
  ])('ignores %s', (_name, data) => {
    expect(parseFrameMessage(data)).toBeUndefined()
  })

  it('cuts an overlong error text from the frame (rendered as text, bounded)', () => {
    const m = parseFrameMessage({
      portico: 'embedded-wallet',
      v: 1,
      id: 'x',
      ok: false,
      error: { code: 'c', message: 'a'.repeat(5000) },
    })
    expect(m?.kind === 'error' && m.error.message.length).toBe(300)
  })

  it('a session answer needs an email and an EVM address; null means no session', () => {
    expect(parseSession(null)).toBeNull()
    expect(parseSession({ email: 'a@b.co', address: `0x${'ab'.repeat(20)}` })).toEqual({
      email: 'a@b.co',
      address: `0x${'ab'.repeat(20)}`,
    })
    expect(parseSession({ email: 'a@b.co', address: '0x12' })).toBeUndefined()
    expect(parseSession({ address: `0x${'ab'.repeat(20)}` })).toBeUndefined()
  })

  it('requests carry the tag, the version and the id', () => {
    expect(frameRequest('id1', { type: 'session.get' })).toEqual({
      portico: 'embedded-wallet',
      v: 1,
      id: 'id1',
      payload: { type: 'session.get' },
    })
  })
})
