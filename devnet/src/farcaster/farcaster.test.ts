import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EvmDevnet, startEvmDevnet } from '../evm/devnet.js'
import { approveFarcasterSignIn, parseFarcasterDeepLink } from './client.js'
import { FARCASTER_DEV_CUSTODY, fidOf, installIdRegistry } from './registry.js'
import { type LocalFarcasterRelay, startFarcasterRelay } from './relay.js'

describe('local Sign In With Farcaster world', () => {
  let devnet: EvmDevnet
  let relay: LocalFarcasterRelay
  beforeAll(async () => {
    devnet = await startEvmDevnet()
    relay = await startFarcasterRelay()
  }, 120_000)
  afterAll(async () => {
    await relay?.close()
    await devnet?.stop()
  })

  it('the devnet registers the dev custody key in the ID registry (idOf(custody) = fid 1) and re-running keeps it', async () => {
    const rpc = devnet.chains[0]!.rpcUrl
    expect(await fidOf(rpc, FARCASTER_DEV_CUSTODY)).toBe(1n)
    expect(await installIdRegistry(rpc)).toBe(1n)
    expect(await fidOf(rpc, '0x000000000000000000000000000000000000dEaD')).toBe(0n)
  })

  it('a channel is pending (202) until the dev client approves, then completed (200) with a SIWE message: "Farcaster Auth", Chain ID 10, farcaster://fid/1', async () => {
    const created = await fetch(`${relay.url}/v1/channel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        domain: 'localhost:5173',
        siweUri: 'http://localhost:5173',
        nonce: 'abcdefgh12345678',
      }),
    })
    expect(created.status).toBe(201)
    const { channelToken, url } = (await created.json()) as { channelToken: string; url: string }
    expect(parseFarcasterDeepLink(url)).toMatchObject({
      channelToken,
      nonce: 'abcdefgh12345678',
      domain: 'localhost:5173',
    })
    const status = () =>
      fetch(`${relay.url}/v1/channel/status`, { headers: { authorization: `Bearer ${channelToken}` } })
    expect((await status()).status).toBe(202)
    await approveFarcasterSignIn({ relayUrl: relay.url, deepLink: url, fid: 1 })
    const done = await status()
    expect(done.status).toBe(200)
    const body = (await done.json()) as { state: string; message: string; fid: number; custody: string }
    expect(body.state).toBe('completed')
    expect(body.fid).toBe(1)
    expect(body.custody).toBe(FARCASTER_DEV_CUSTODY)
    expect(body.message).toContain('\n\nFarcaster Auth\n\n')
    expect(body.message).toContain('Chain ID: 10')
    expect(body.message).toContain('- farcaster://fid/1')
    expect(body.message).toContain('Nonce: abcdefgh12345678')
  })

  it('an unknown or expired channel token gets 401', async () => {
    const short = await startFarcasterRelay({ channelTtlMs: 1 })
    try {
      const created = await fetch(`${short.url}/v1/channel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ domain: 'localhost', siweUri: 'http://localhost', nonce: 'abcdefgh12345678' }),
      })
      const { channelToken } = (await created.json()) as { channelToken: string }
      await new Promise((r) => setTimeout(r, 5))
      const res = await fetch(`${short.url}/v1/channel/status`, {
        headers: { authorization: `Bearer ${channelToken}` },
      })
      expect(res.status).toBe(401)
      const bogus = await fetch(`${relay.url}/v1/channel/status`, {
        headers: { authorization: 'Bearer AAAAAAAAAAAAAAAAAAAAAAAA' },
      })
      expect(bogus.status).toBe(401)
    } finally {
      await short.close()
    }
  })
})
