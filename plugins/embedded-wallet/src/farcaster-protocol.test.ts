import { describe, expect, it } from 'vitest'
import { parseFarcasterStart, parseSession } from './protocol.js'

const address = '0x000000000000000000000000000000000000dEaD'
const channel = 'c'.repeat(32)
const link =
  'farcaster://connect?channelToken=abc&nonce=n&domain=127.0.0.1%3A5173&siweUri=http%3A%2F%2F127.0.0.1'

describe('Farcaster login answers from the frame are schema-checked (dApp side, issue 14)', () => {
  it('a farcaster.start answer is the frame’s channel name and an expiry, nothing else (issue 29: the deep link and its channel token stay in the frame)', () => {
    expect(parseFarcasterStart({ channel, expiresAt: 1_900_000_000_000 })).toEqual({
      channel,
      expiresAt: 1_900_000_000_000,
    })
    // A link in the answer is not taken: the page has no use for it and never keeps one.
    expect(parseFarcasterStart({ url: link, channel, expiresAt: 1 })).toEqual({ channel, expiresAt: 1 })
    expect(parseFarcasterStart({ channel: 'short', expiresAt: 1 })).toBeUndefined()
    expect(parseFarcasterStart({ channel: `${channel}/..`, expiresAt: 1 })).toBeUndefined()
    expect(parseFarcasterStart({ channel, expiresAt: '1' })).toBeUndefined()
    expect(parseFarcasterStart({ channel, expiresAt: 0 })).toBeUndefined()
    expect(parseFarcasterStart({ channel })).toBeUndefined()
    expect(parseFarcasterStart(null)).toBeUndefined()
  })
  it('a Farcaster session keeps the gateway’s name (@username or fid N) and is marked farcaster, not social', () => {
    expect(parseSession({ email: '@portico-dev', address, provider: 'farcaster' })).toEqual({
      email: '@portico-dev',
      address,
      farcaster: true,
    })
    expect(parseSession({ email: 'fid 1', address, provider: 'farcaster' })?.provider).toBeUndefined()
    expect(parseSession({ email: 'x', address: '0x12', provider: 'farcaster' })).toBeUndefined()
  })
})
