import { describe, expect, it } from 'vitest'
import { parseRequest, rejectedId } from './protocol.js'

const env = (payload: unknown, id = 'r1') => ({ portico: 'embedded-wallet', v: 1, id, payload })

describe('signer frame protocol, frame side: every parent message is schema-checked', () => {
  it('a Bitcoin, Cosmos or Polkadot request passes the envelope check only: its own module (a lazy chunk) checks the rest', () => {
    const payload = {
      type: 'cosmos',
      method: 'cosmos_getAccounts',
      params: { bech32Prefix: 'osmo' },
      chainId: 'cosmos:x',
    }
    expect(parseRequest(env(payload))?.request).toEqual({ type: 'cosmos', payload })
    expect(parseRequest(env({ ...payload, method: 'm'.repeat(65) }))).toBeUndefined()
    expect(parseRequest(env({ ...payload, params: 'x' }))).toBeUndefined()
  })

  it('a request in the envelope whose content fails its checks is answered (its id), so the dApp does not wait forever; anything else gets no answer', () => {
    const malformed = env({ type: 'bip122', method: 'signMessage', params: ['not an object'] }, 'bad-1')
    expect(parseRequest(malformed)).toBeUndefined()
    expect(rejectedId(malformed)).toBe('bad-1')
    expect(rejectedId(env({ type: 'no-such-type' }, 'r2'))).toBe('r2')
    expect(rejectedId({ portico: 'embedded-wallet', v: 1, id: 'r3' })).toBeUndefined()
    expect(rejectedId({ portico: 'other', v: 1, id: 'r4', payload: {} })).toBeUndefined()
    expect(rejectedId(env({ type: 'logout' }, 'bad id!'))).toBeUndefined()
  })

  it('accepts the five request types', () => {
    expect(parseRequest(env({ type: 'otp.request', email: 'a@b.co' }))?.request).toEqual({
      type: 'otp.request',
      email: 'a@b.co',
    })
    expect(
      parseRequest(env({ type: 'otp.enter', email: 'a@b.co', lastSent: 1_700_000_000_000 }))?.request,
    ).toEqual({ type: 'otp.enter', email: 'a@b.co', lastSent: 1_700_000_000_000 })
    expect(parseRequest(env({ type: 'session.get' }))?.request.type).toBe('session.get')
    expect(parseRequest(env({ type: 'logout' }))?.request.type).toBe('logout')
    expect(
      parseRequest(env({ type: 'rpc', method: 'personal_sign', params: ['0x68', '0x00'], chainId: 1 }))
        ?.request,
    ).toEqual({
      type: 'rpc',
      method: 'personal_sign',
      params: ['0x68', '0x00'],
      chainId: 1,
    })
  })

  it.each([
    ['an unknown type', env({ type: 'export.key' })],
    // Issue 29: the page cannot hand the frame a login code; the frame's own card takes it.
    ['a login code from the page', env({ type: 'otp.verify', email: 'a@b.co', code: '123456' })],
    ['a last-sent time that is not a time', env({ type: 'otp.enter', email: 'a@b.co', lastSent: 'soon' })],
    ['an overlong email', env({ type: 'otp.request', email: `${'a'.repeat(260)}@b.co` })],
    ['rpc params that are not a list', env({ type: 'rpc', method: 'personal_sign', params: {}, chainId: 1 })],
    ['a chain id of 0', env({ type: 'rpc', method: 'personal_sign', params: [], chainId: 0 })],
    ['a bad id', env({ type: 'logout' }, 'x y')],
    ['another tag', { portico: 'x', v: 1, id: 'a', payload: { type: 'logout' } }],
    ['no payload', { portico: 'embedded-wallet', v: 1, id: 'a' }],
  ])('ignores %s', (_name, data) => {
    expect(parseRequest(data)).toBeUndefined()
  })
})
