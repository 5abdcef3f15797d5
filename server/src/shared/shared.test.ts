import { type EvmDevnet, startEvmDevnet } from '@portico/devnet'
import { Redis } from 'ioredis'
import { createTestClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveConfig } from '../config/index.js'
import { registrationTypedData } from '../signatures/index.js'
import { createTestDatabase, type TestDatabase } from '../test-helpers/databases.js'
import { devnetNetworks } from '../test-helpers/devnet.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'
import { startRedis, type TestRedis } from '../test-helpers/redis.js'
import { clientKey } from './client-key.js'
import { RedisRateLimitStore } from './rate-limit.js'

describe('clientKey: the rate-limit identity of a client address', () => {
  it('keeps IPv4 whole and counts IPv4-mapped IPv6 as the IPv4 address', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7')
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
  })
  it('cuts IPv6 to its /64, whatever the spelling', () => {
    const key = '2001:db8:abcd:12::/64'
    expect(clientKey('2001:db8:abcd:12::1')).toBe(key)
    expect(clientKey('2001:0db8:ABCD:0012:ffff:ffff:ffff:ffff')).toBe(key)
    expect(clientKey('2001:db8:abcd:12:1:2:3:4%eth0')).toBe(key)
    expect(clientKey('2001:db8:abcd:13::1')).not.toBe(key)
    expect(clientKey('::1')).toBe('0:0:0:0::/64')
  })
})

let redis: TestRedis
let devnet: EvmDevnet
beforeAll(async () => {
  ;[redis, devnet] = await Promise.all([startRedis(), startEvmDevnet()])
}, 60_000)
afterAll(async () => {
  await Promise.all([redis?.stop(), devnet?.stop()])
})

describe('RedisRateLimitStore', () => {
  it('counts the hits of two connections (two instances) against one window', async () => {
    const a = new Redis(redis.url)
    const b = new Redis(redis.url)
    try {
      const sa = new RedisRateLimitStore(a)
      const sb = new RedisRateLimitStore(b)
      const results = []
      for (let i = 0; i < 6; i++) results.push(await (i % 2 ? sb : sa).hit('store-test', 4, 60_000))
      expect(results.map((r) => r.allowed)).toEqual([true, true, true, true, false, false])
      expect(results.map((r) => r.remaining)).toEqual([3, 2, 1, 0, 0, 0])
      const reset = results[0]!.resetAt
      expect(reset).toBeGreaterThan(Date.now())
      expect(reset).toBeLessThanOrEqual(Date.now() + 60_000)
    } finally {
      a.disconnect()
      b.disconnect()
    }
  })
})

let clock = 0
async function signedRegistration(key: `0x${string}`, name: string) {
  const account = privateKeyToAccount(key)
  clock = Math.max(Date.now(), clock + 1)
  const fields = { name, address: account.address, coin_type: 60, timestamp: clock }
  return {
    coin_type: 60,
    address: account.address,
    message: JSON.stringify(fields),
    signature: await account.signTypedData(registrationTypedData(fields)),
  }
}

describe('two gateways on one PostgreSQL and one Redis', () => {
  const LIMIT = 10
  let db: TestDatabase
  let a: TestGateway
  let b: TestGateway
  const project = { id: 'shop', name: 'Shop', allowedOrigins: ['http://localhost:*'] }
  const config = () => ({
    redisUrl: redis.url,
    trustProxy: 1,
    projects: [{ ...project, rateLimit: { max: LIMIT, windowMs: 60_000 } }],
    networks: devnetNetworks(devnet),
    cache: { balanceTtlMs: 60_000, identityTtlMs: 60_000 },
  })
  beforeAll(async () => {
    db = await createTestDatabase('postgres')
    a = await startTestGateway('postgres', config(), { database: db, indexer: false })
    b = await startTestGateway('postgres', config(), { database: db, indexer: false })
  })
  afterAll(async () => {
    await a?.close({ keepDatabase: true })
    await b?.close({ keepDatabase: true })
    await db?.drop()
  })

  const probe = (base: string, ip: string) =>
    call(`${base}/v1/identity/0x${'11'.repeat(20)}?projectId=shop`, { headers: { 'x-forwarded-for': ip } })

  it('the rate limit trips at the configured total across both instances, not twice it', async () => {
    const statuses: number[] = []
    for (let i = 0; i < LIMIT * 2; i++)
      statuses.push((await probe(i % 2 ? b.url : a.url, '198.51.100.20')).status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT)
    expect(statuses.slice(0, LIMIT).every((s) => s === 200)).toBe(true)
    expect(statuses.slice(LIMIT).every((s) => s === 429)).toBe(true)
    const refused = await probe(b.url, '198.51.100.20')
    expect(refused.body).toEqual({
      code: 'rate_limited',
      message: 'Rate limited: too many requests for this project from this client',
    })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(refused.headers.get('x-ratelimit-limit')).toBe(String(LIMIT))
  })

  it('IPv6 clients are limited per /64: rotating the low 64 bits gains nothing', async () => {
    const statuses: number[] = []
    for (let i = 0; i < LIMIT + 3; i++)
      statuses.push((await probe(i % 2 ? b.url : a.url, `2001:db8:77:1::${(i + 1).toString(16)}`)).status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT)
    // Another /64 is another client.
    expect((await probe(a.url, '2001:db8:77:2::1')).status).toBe(200)
  })

  it('a name registered through A shows in the identity read through B at once', async () => {
    const key = generatePrivateKey()
    const address = privateKeyToAccount(key).address
    const identity = (base: string) =>
      call(`${base}/v1/identity/${address}?projectId=shop`, {
        headers: { 'x-forwarded-for': '198.51.100.30' },
      })
    // Both instances have the empty identity cached (shared entry).
    expect((await identity(b.url)).body).toEqual({ name: null, avatar: null })
    expect((await identity(a.url)).body).toEqual({ name: null, avatar: null })
    const reg = await call(`${a.url}/v1/profile/account?projectId=shop`, {
      json: await signedRegistration(key, 'carol-shared.portico.id'),
      headers: { 'x-forwarded-for': '198.51.100.30' },
    })
    expect(reg.status).toBe(200)
    expect((await identity(b.url)).body).toMatchObject({ name: 'carol-shared.portico.id' })
    expect((await identity(a.url)).body).toMatchObject({ name: 'carol-shared.portico.id' })
  })

  it('balances are cached once for both instances; a forced refresh on B reaches A', async () => {
    const holder = privateKeyToAccount(generatePrivateKey()).address
    const anvil = createTestClient({
      mode: 'anvil',
      chain: foundry,
      transport: http(devnet.chains[0]!.rpcUrl),
    })
    await anvil.setBalance({ address: holder, value: parseEther('1') })
    const balance = async (base: string, force = false) => {
      const r = await call(
        `${base}/v1/account/${holder}/balance?projectId=shop&chainId=eip155:31337${force ? '&forceUpdate=true' : ''}`,
        { headers: { 'x-forwarded-for': '198.51.100.40' } },
      )
      expect(r.status).toBe(200)
      return (r.body.balances as { symbol: string; quantity: { numeric: string } }[]).find(
        (x) => x.symbol === 'ETH',
      )?.quantity.numeric
    }
    expect(await balance(a.url)).toBe('1')
    await anvil.setBalance({ address: holder, value: parseEther('2') })
    // B serves A's cached read: one RPC read for both instances within the TTL.
    expect(await balance(b.url)).toBe('1')
    expect(await balance(a.url)).toBe('1')
    expect(await balance(b.url, true)).toBe('2')
    // A's local copy was dropped by B's broadcast.
    expect(await balance(a.url)).toBe('2')
  })
})

describe('without REDIS_URL each instance counts on its own (the single-instance default)', () => {
  it('two in-memory instances allow the limit each', async () => {
    const cfg = {
      projects: [{ id: 'solo', name: 'Solo', allowedOrigins: [], rateLimit: { max: 3, windowMs: 60_000 } }],
    }
    expect(resolveConfig(cfg).redisUrl).toBeUndefined()
    const a = await startTestGateway('sqlite', cfg, { indexer: false })
    const b = await startTestGateway('sqlite', cfg, { indexer: false })
    try {
      let ok = 0
      for (let i = 0; i < 8; i++) {
        const r = await call(`${(i % 2 ? b : a).url}/v1/identity/0x${'22'.repeat(20)}?projectId=solo`)
        if (r.status === 200) ok++
      }
      expect(ok).toBe(6)
    } finally {
      await a.close()
      await b.close()
    }
  })
})

describe('redisUrl configuration', () => {
  it('REDIS_URL sets it; anything but redis:// or rediss:// is refused with a clear error', () => {
    expect(resolveConfig({}, { REDIS_URL: 'redis://127.0.0.1:6390' }).redisUrl).toBe('redis://127.0.0.1:6390')
    expect(() => resolveConfig({ redisUrl: 'http://127.0.0.1:6379' })).toThrow(
      'invalid configuration: redisUrl (REDIS_URL) must be a redis:// or rediss:// URL',
    )
  })
})
