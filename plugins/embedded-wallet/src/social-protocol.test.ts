import { describe, expect, it } from 'vitest'
import { parseSession, parseSocialStart } from './protocol.js'

const address = '0x000000000000000000000000000000000000dEaD'
const state = 'A'.repeat(43)

describe('social login answers from the frame are schema-checked (dApp side)', () => {
  it('a social.start answer needs an http(s) URL and a well-formed state', () => {
    expect(parseSocialStart({ url: 'http://127.0.0.1:9/auth?x=1', state })).toEqual({
      url: 'http://127.0.0.1:9/auth?x=1',
      state,
    })
    expect(parseSocialStart({ url: 'javascript:alert(1)', state })).toBeUndefined()
    expect(parseSocialStart({ url: 'not a url', state })).toBeUndefined()
    expect(parseSocialStart({ url: 'https://idp.test/auth', state: 'short' })).toBeUndefined()
    expect(parseSocialStart(null)).toBeUndefined()
  })
  it('a session keeps the social provider only when it is one of SPEC §2 list', () => {
    expect(parseSession({ email: 'ada@oidc.test', address, provider: 'google' })).toEqual({
      email: 'ada@oidc.test',
      address,
      provider: 'google',
    })
    expect(parseSession({ email: 'a@b.co', address })).toEqual({ email: 'a@b.co', address })
    expect(parseSession({ email: 'x', address, provider: 'myspace' })).toBeUndefined()
  })
})
