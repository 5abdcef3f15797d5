import { describe, expect, it } from 'vitest'
import { cancelFarcaster, FarcasterWaitEnded, startFarcaster, waitForFarcaster } from './farcaster.js'

const started = (expiresAt = Date.now() + 60_000) =>
  startFarcaster(async (path, body) => {
    expect(path).toBe('/v1/auth/farcaster/start')
    expect(body).toEqual({ origin: 'http://127.0.0.1:5173' })
    return {
      channelToken: 't'.repeat(32),
      exchangeKey: 'k'.repeat(43),
      url: 'farcaster://connect?channelToken=x',
      expiresAt,
    }
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
