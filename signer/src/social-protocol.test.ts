import { describe, expect, it } from 'vitest'
import { parseRequest } from './protocol.js'

const env = (payload: unknown) => ({ portico: 'embedded-wallet', v: 1, id: 'r1', payload })
const state = 'b'.repeat(43)

describe('signer frame: social login requests from the parent are schema-checked', () => {
  it('accepts social.start with a provider name and finish / cancel with a state', () => {
    expect(parseRequest(env({ type: 'social.start', provider: 'google' }))?.request).toEqual({
      type: 'social.start',
      provider: 'google',
    })
    expect(parseRequest(env({ type: 'social.finish', state }))?.request).toEqual({
      type: 'social.finish',
      state,
    })
    expect(parseRequest(env({ type: 'social.cancel', state }))?.request).toEqual({
      type: 'social.cancel',
      state,
    })
  })
  it('refuses odd providers and states', () => {
    expect(parseRequest(env({ type: 'social.start', provider: 'Google!' }))).toBeUndefined()
    expect(parseRequest(env({ type: 'social.start' }))).toBeUndefined()
    expect(parseRequest(env({ type: 'social.finish', state: 'x' }))).toBeUndefined()
    expect(parseRequest(env({ type: 'social.finish', state: `${state}/..` }))).toBeUndefined()
  })
})
