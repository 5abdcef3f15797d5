import { generateKeyPairSync, type JsonWebKey } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signJwt } from '../../test-helpers/id-token.js'
import { verifyIdToken } from './id-token.js'
import { JwksSource } from './jwks.js'

const key = (kid: string) => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  return { privateKey, jwk: { ...(publicKey.export({ format: 'jwk' }) as JsonWebKey), kid, alg: 'RS256' } }
}
const k1 = key('k1')
const k2 = key('k2')
const T0 = 1_800_000_000_000
const claims = (nowMs: number) => ({
  iss: 'https://idp.test',
  aud: 'client-1',
  nonce: 'n-1',
  sub: 'user-1',
  iat: Math.floor(nowMs / 1000),
  exp: Math.floor(nowMs / 1000) + 300,
})

describe('JWKS through safe-fetch (issue 29: JWKS refetch throttled on an unknown kid)', () => {
  let server: Server
  let uri: string
  let fetches = 0
  let published: JsonWebKey[] = [k1.jwk]
  let body: (() => string) | undefined

  beforeAll(async () => {
    server = createServer((_req, res) => {
      fetches++
      res.setHeader('content-type', 'application/json')
      res.end(body ? body() : JSON.stringify({ keys: published }))
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
    uri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`
  })
  afterAll(() => new Promise((r) => server.close(r)))

  const setup = () => {
    fetches = 0
    published = [k1.jwk]
    body = undefined
    const clock = { now: T0 }
    const jwks = new JwksSource({ now: () => clock.now, allowLoopback: true })
    const verify = (kid: string, privateKey = kid === 'k2' ? k2.privateKey : k1.privateKey) =>
      verifyIdToken(signJwt(claims(clock.now), privateKey, { alg: 'RS256', kid }), jwks.keyResolver(uri), {
        issuer: 'https://idp.test',
        audience: 'client-1',
        nonce: 'n-1',
        nowSeconds: Math.floor(clock.now / 1000),
        clockSkewSeconds: 60,
      })
    return { clock, verify }
  }
  const refusedNoKey = (p: Promise<unknown>) =>
    expect(p).rejects.toMatchObject({
      statusCode: 401,
      code: 'id_token_invalid',
      message: expect.stringMatching(/no key of the provider/),
    })

  it('keys are read once and kept; an unknown kid re-reads the set at most once a minute', async () => {
    const { clock, verify } = setup()
    expect((await verify('k1')).sub).toBe('user-1')
    expect((await verify('k1')).sub).toBe('user-1')
    expect(fetches).toBe(1)
    // Within the minute after the read: an unknown kid is refused without another read.
    await refusedNoKey(verify('k-made-up'))
    await refusedNoKey(verify('k-made-up-2'))
    expect(fetches).toBe(1)
    // A minute later: one more read, then the cooldown again however many made-up ids arrive.
    clock.now += 61_000
    await refusedNoKey(verify('k-made-up-3'))
    expect(fetches).toBe(2)
    await Promise.all([1, 2, 3, 4, 5].map((i) => refusedNoKey(verify(`k-x${i}`))))
    expect(fetches).toBe(2)
  })

  it('a key the provider rotated in is picked up by the throttled re-read', async () => {
    const { clock, verify } = setup()
    expect((await verify('k1')).sub).toBe('user-1')
    published = [k1.jwk, k2.jwk]
    clock.now += 61_000
    expect((await verify('k2')).sub).toBe('user-1')
    expect(fetches).toBe(2)
    // Kept keys expire after 10 minutes and are read again.
    clock.now += 600_000
    expect((await verify('k2')).sub).toBe('user-1')
    expect(fetches).toBe(3)
  })

  it('a forged token under a published kid is refused without a re-read (only an unknown kid re-reads)', async () => {
    const { clock, verify } = setup()
    await expect(verify('k1', k2.privateKey)).rejects.toMatchObject({
      statusCode: 401,
      code: 'id_token_invalid',
      message: expect.stringMatching(/signature does not verify/),
    })
    clock.now += 61_000
    await expect(verify('k1', k2.privateKey)).rejects.toMatchObject({ code: 'id_token_invalid' })
    expect(fetches).toBe(1)
  })

  it('a set that is not JSON, or not a key set, is a 502 jwks_unavailable', async () => {
    const { verify } = setup()
    body = () => 'not json'
    await expect(verify('k1')).rejects.toMatchObject({ statusCode: 502, code: 'jwks_unavailable' })
    body = () => JSON.stringify({ keys: 'nope' })
    await expect(verify('k1')).rejects.toMatchObject({ statusCode: 502, code: 'jwks_unavailable' })
  })

  it('the set is read through safe-fetch: a private address is refused (no allowLoopback) and nothing is fetched', async () => {
    fetches = 0
    const jwks = new JwksSource({ now: () => T0 })
    const token = signJwt(claims(T0), k1.privateKey, { alg: 'RS256', kid: 'k1' })
    await expect(
      verifyIdToken(token, jwks.keyResolver(uri), {
        issuer: 'https://idp.test',
        audience: 'client-1',
        nonce: 'n-1',
        nowSeconds: T0 / 1000,
        clockSkewSeconds: 60,
      }),
    ).rejects.toMatchObject({ statusCode: 502, code: 'jwks_unavailable' })
    expect(fetches).toBe(0)
  })
})
