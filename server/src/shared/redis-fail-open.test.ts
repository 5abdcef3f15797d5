// Redis stopped mid-run: the documented fail-open read-through. Balances and
// identities still answer (computed, not cached), rate limits fall back to
// per-instance counters, and the log and /metrics say so.
import { type EvmDevnet, startEvmDevnet } from '@portico/devnet'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetNetworks } from '../test-helpers/devnet.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'
import { startRedis, type TestRedis } from '../test-helpers/redis.js'

const LIMIT = 40
const q = 'projectId=failopen'
let redis: TestRedis
let devnet: EvmDevnet
let gw: TestGateway

beforeAll(async () => {
  ;[redis, devnet] = await Promise.all([startRedis(), startEvmDevnet()])
  gw = await startTestGateway('sqlite', {
    redisUrl: redis.url,
    projects: [
      {
        id: 'failopen',
        name: 'Fail open',
        allowedOrigins: ['*'],
        rateLimit: { max: LIMIT, windowMs: 60_000 },
      },
    ],
    networks: devnetNetworks(devnet).slice(0, 1),
  })
}, 120_000)

afterAll(async () => {
  await gw?.close()
  await Promise.all([redis?.stop(), devnet?.stop()])
})

const metric = async (name: string) => {
  const text = String((await call(`${gw.url}/metrics`)).body)
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`))
  return line === undefined ? undefined : Number(line.split(' ').pop())
}

describe('Redis stopped mid-run (shared/redis.ts: fail open, read through)', () => {
  const account = privateKeyToAccount(generatePrivateKey()).address
  const dev0 = () => devnet.fixtures.accounts[0]!.address
  let before: unknown
  let identityBefore: unknown

  it('with Redis up: balances and identities answer, rate limits are shared (portico_rate_limit_shared 1)', async () => {
    const r = await call(`${gw.url}/v1/account/${dev0()}/balance?${q}&currency=usd`)
    expect(r.status).toBe(200)
    before = r.body
    const id = await call(`${gw.url}/v1/identity/${account}?${q}`)
    expect(id.status).toBe(200)
    identityBefore = id.body
    expect(await metric('portico_rate_limit_shared')).toBe(1)
  })

  it('with Redis stopped: balance and identity answers are the same (no 500); the cache failures are counted', async () => {
    await redis.stop()
    const r = await call(`${gw.url}/v1/account/${dev0()}/balance?${q}&currency=usd`)
    expect(r.status).toBe(200)
    expect(r.body).toEqual(before)
    const id = await call(`${gw.url}/v1/identity/${account}?${q}`)
    expect(id.status).toBe(200)
    expect(id.body).toEqual(identityBefore)
    expect(await metric('portico_cache_redis_errors_total{op="get"}')).toBeGreaterThan(0)
    expect(gw.logs.some((l) => l.msg === 'shared cache unavailable on Redis; answering without it')).toBe(
      true,
    )
  })

  it('rate limits fall back to per-instance counters: still limited at the project limit, said in the log and /metrics', async () => {
    const statuses: number[] = []
    for (let i = 0; i < LIMIT + 5; i++)
      statuses.push(
        (await call(`${gw.url}/v1/supported-chains?${q}`, { headers: { 'x-forwarded-for': '192.0.2.44' } }))
          .status,
      )
    // Every request after the stop counts locally; the first requests of this file were counted in Redis.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5)
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true)
    expect(await metric('portico_rate_limit_shared')).toBe(0)
    expect(await metric('portico_rate_limit_local_hits_total')).toBeGreaterThanOrEqual(LIMIT)
    expect(
      gw.logs.some(
        (l) =>
          l.level === 40 &&
          String(l.msg).startsWith('Redis unreachable: rate limits fall back to per-instance'),
      ),
    ).toBe(true)
  })
})
