import { describe, expect, it } from 'vitest'
import { parseFarcasterStart, parseSession } from './protocol.js'

const address = '0x000000000000000000000000000000000000dEaD'
const channel = 'c'.repeat(32)
const link =
  'farcaster://connect?channelToken=abc&nonce=n&domain=127.0.0.1%3A5173&siweUri=http%3A%2F%2F127.0.0.1'

describe('Farcaster login answers from the frame are schema-checked (dApp side, issue 14)', () => {
  it('a farcaster.start answer needs a farcaster:// or https deep link, a well-formed channel and an expiry', () => {
    expect(parseFarcasterStart({ url: link, channel, expiresAt: 1_900_000_000_000 })).toEqual({
      url: link,
      channel,
      expiresAt: 1_900_000_000_000,
    })
    expect(parseFarcasterStart({ url: 'https://farcaster.xyz/~/siwf?x=1', channel, expiresAt: 1 })?.url).toBe(
      'https://farcaster.xyz/~/siwf?x=1',
    )
    expect(parseFarcasterStart({ url: 'javascript:alert(1)', channel, expiresAt: 1 })).toBeUndefined()
    expect(parseFarcasterStart({ url: 'http://relay.test/x', channel, expiresAt: 1 })).toBeUndefined()
    expect(parseFarcasterStart({ url: 'not a url', channel, expiresAt: 1 })).toBeUndefined()
    expect(parseFarcasterStart({ url: link, channel: 'short', expiresAt: 1 })).toBeUndefined()
    expect(parseFarcasterStart({ url: link, channel: `${channel}/..`, expiresAt: 1 })).toBeUndefined()
    expect(parseFarcasterStart({ url: link, channel, expiresAt: '1' })).toBeUndefined()
    expect(parseFarcasterStart({ url: link, channel })).toBeUndefined()
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
