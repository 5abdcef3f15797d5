import { describe, expect, it } from 'vitest'
import { parseRequest } from './protocol.js'

const env = (payload: unknown) => ({ portico: 'embedded-wallet', v: 1, id: 'r1', payload })
const channel = 'f'.repeat(32)

describe('signer frame: Farcaster login requests from the parent are schema-checked (issue 14)', () => {
  it('accepts farcaster.start and finish / cancel with a channel', () => {
    expect(parseRequest(env({ type: 'farcaster.start' }))?.request).toEqual({ type: 'farcaster.start' })
    expect(parseRequest(env({ type: 'farcaster.finish', channel }))?.request).toEqual({
      type: 'farcaster.finish',
      channel,
    })
    expect(parseRequest(env({ type: 'farcaster.cancel', channel }))?.request).toEqual({
      type: 'farcaster.cancel',
      channel,
    })
  })
  it('refuses a missing, short or odd channel', () => {
    expect(parseRequest(env({ type: 'farcaster.finish' }))).toBeUndefined()
    expect(parseRequest(env({ type: 'farcaster.finish', channel: 'x' }))).toBeUndefined()
    expect(parseRequest(env({ type: 'farcaster.cancel', channel: `${channel}/..` }))).toBeUndefined()
    expect(parseRequest(env({ type: 'farcaster.finish', channel: 42 }))).toBeUndefined()
  })
})
