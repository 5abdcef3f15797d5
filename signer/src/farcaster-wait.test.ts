import { describe, expect, it } from 'vitest'
import {
  cancelFarcaster,
  FarcasterStartError,
  FarcasterWaitEnded,
  farcasterLink,
  farcasterUrlOf,
  startFarcaster,
  waitForFarcaster,
} from './farcaster.js'

const LINK = `farcaster://connect?channelToken=${'t'.repeat(32)}&nonce=n`
const gatewayStart = (overrides: Record<string, unknown> = {}) => ({
  channelToken: 't'.repeat(32),
  exchangeKey: 'k'.repeat(43),
  url: LINK,
  expiresAt: Date.now() + 60_000,
  ...overrides,
})
const started = (expiresAt = Date.now() + 60_000) =>
  startFarcaster(async (path, body) => {
    expect(path).toBe('/v1/auth/farcaster/start')
    expect(body).toEqual({ origin: 'http://127.0.0.1:5173' })
    return gatewayStart({ expiresAt })
  }, 'http://127.0.0.1:5173')

// Issue 14: the frame keeps the relay's channel token under its own name and polls the gateway until approved.
describe('signer frame: waiting for a Farcaster approval', () => {
  it('answers a channel name of its own (not the relay token) and polls the exchange until it completes', async () => {
    const s = await started()
    expect(s.channel).toMatch(/^[A-Za-z0-9_-]{16,128}$/)
    expect(s.channel).not.toBe('t'.repeat(32))
    const seen: string[] = []
    const answers = [{ state: 'pending' as const }, { state: 'pending' as const }]
    const token = await waitForFarcaster(
      s.channel,
      async (channelToken, exchangeKey) => {
        seen.push(`${channelToken}/${exchangeKey}`)
        return answers.shift() ?? { state: 'completed', token: 'session-token' }
      },
      1,
    )
    expect(token).toBe('session-token')
    // Issue 29: each poll carries the start's exchange key, which the page never got.
    expect(seen).toEqual(Array(3).fill(`${'t'.repeat(32)}/${'k'.repeat(43)}`))
    expect(s).not.toHaveProperty('exchangeKey')
    // Single use: the channel is forgotten once redeemed.
    await expect(waitForFarcaster(s.channel, async () => ({ state: 'pending' }), 1)).rejects.toThrow(
      FarcasterWaitEnded,
    )
  })

  it('issue 29: the start answers only the channel name and expiry; the deep link (with the channel token) stays for the frame’s card', async () => {
    const s = await started()
    expect(Object.keys(s).sort()).toEqual(['channel', 'expiresAt'])
    expect(JSON.stringify(s)).not.toContain('t'.repeat(32))
    expect(farcasterUrlOf(s.channel)).toBe(LINK)
    expect(farcasterUrlOf('x'.repeat(32))).toBeUndefined()
    cancelFarcaster(s.channel)
    expect(farcasterUrlOf(s.channel)).toBeUndefined()
  })

  it('the card draws only a farcaster: or https link; a start answer without a usable link, token or key is refused', async () => {
    expect(farcasterLink(LINK)).toBe(LINK)
    expect(farcasterLink('https://farcaster.xyz/~/siwf?channelToken=abc')).toBe(
      'https://farcaster.xyz/~/siwf?channelToken=abc',
    )
    for (const bad of ['javascript:alert(1)', 'http://relay.test/x', 'data:text/html,x', 'not a url', 42])
      expect(farcasterLink(bad), String(bad)).toBeUndefined()
    expect(farcasterLink(`https://a.test/${'x'.repeat(2048)}`)).toBeUndefined()
    for (const overrides of [
      { url: 'javascript:alert(1)' },
      { url: undefined },
      { channelToken: '' },
      { channelToken: 'a b<script>' },
      { exchangeKey: undefined },
      { expiresAt: '1' },
    ])
      await expect(
        startFarcaster(async () => gatewayStart(overrides), 'http://127.0.0.1:5173'),
        JSON.stringify(overrides),
      ).rejects.toThrow(FarcasterStartError)
  })

  it('cancel (the visitor went back) ends the wait with reason "cancelled"; a second cancel answers false', async () => {
    const s = await started()
    const waiting = waitForFarcaster(s.channel, async () => ({ state: 'pending' }), 60_000)
    await new Promise((r) => setTimeout(r, 5))
    expect(cancelFarcaster(s.channel)).toBe(true)
    await expect(waiting).rejects.toMatchObject({ reason: 'cancelled' })
    expect(cancelFarcaster(s.channel)).toBe(false)
  })

  it('a channel past its expiry ends with reason "expired" without asking the gateway', async () => {
    const s = await started(Date.now() - 1)
    let asked = false
    await expect(
      waitForFarcaster(s.channel, async () => {
        asked = true
        return { state: 'pending' }
      }),
    ).rejects.toMatchObject({ reason: 'expired' })
    expect(asked).toBe(false)
  })

  it('a gateway refusal (siwf_refused) is passed on as it is', async () => {
    const s = await started()
    const refusal = Object.assign(new Error('Farcaster sign-in refused: the nonce'), { code: 'siwf_refused' })
    await expect(
      waitForFarcaster(s.channel, async () => {
        throw refusal
      }),
    ).rejects.toBe(refusal)
  })
})
