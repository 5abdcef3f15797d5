import { connect } from 'node:net'
import pg from 'pg'
import Type from 'typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, resolveConfig } from '../config/index.js'
import { createTestDatabase, ENGINES } from '../test-helpers/databases.js'
import { call, startTestGateway, type TestGateway } from '../test-helpers/gateway.js'
import { buildApp } from './app.js'
import { Metrics } from './metrics.js'
import { redactUrls } from './redact.js'

const METRICS_TOKEN = 'metrics-token-0123456789'

describe.each(ENGINES)('operations hardening (%s)', (kind) => {
  let t: TestGateway
  beforeAll(async () => {
    t = await startTestGateway(kind, {
      trustProxy: 1,
      requestTimeoutMs: 400,
      connectionTimeoutMs: 5000,
      publicUrl: 'https://gateway.example.com/',
      metrics: { token: METRICS_TOKEN },
    })
  })
  afterAll(() => t?.close())

  it('a client that never finishes its request headers is cut off (requestTimeout)', async () => {
    const { port } = new URL(t.url)
    const socket = connect(Number(port), '127.0.0.1')
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n')
    // Trickle one header byte at a time: the socket is never idle, the request never complete.
    const trickle = setInterval(() => socket.write('X'), 50)
    const started = Date.now()
    const closed = await new Promise<boolean>((resolve) => {
      const give = setTimeout(() => resolve(false), 4000)
      socket.on('close', () => {
        clearTimeout(give)
        resolve(true)
      })
      socket.on('error', () => {})
    })
    clearInterval(trickle)
    socket.destroy()
    expect(closed).toBe(true)
    expect(Date.now() - started).toBeLessThan(4000)
  })

  it('/metrics needs the metrics token, whatever X-Forwarded-For claims', async () => {
    expect((await call(`${t.url}/metrics`)).status).toBe(401)
    expect((await call(`${t.url}/metrics`, { headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(401)
    const ok = await call(`${t.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    expect(ok.status).toBe(200)
    expect(ok.body).toContain('portico_http_requests_total')
  })

  it('wallet image_url comes from the configured public URL, never the Host header', async () => {
    const r = await call(`${t.url}/v1/wallets?projectId=local&entries=1`, {
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    })
    expect(r.status).toBe(200)
    expect(r.body.data[0].image_url).toBe('https://gateway.example.com/v1/images/wallet/metamask')
  })
})

describe('operations without a metrics token or public URL', () => {
  let t: TestGateway
  beforeAll(async () => {
    t = await startTestGateway('sqlite')
  })
  afterAll(() => t?.close())

  it('/metrics answers a loopback peer when no token is set; image_url uses the listening address', async () => {
    expect((await call(`${t.url}/metrics`)).status).toBe(200)
    const r = await call(`${t.url}/v1/wallets?projectId=local&entries=1`, {
      headers: { host: 'evil.example' },
    })
    expect(r.body.data[0].image_url).toBe(`${t.url}/v1/images/wallet/metamask`)
  })
})

describe('health check on a lost database (postgres)', () => {
  it('/healthz answers 503 with a generic message; the cause goes to the log only', async () => {
    const t = await startTestGateway('postgres')
    const dbName = new URL(t.db.url).pathname.slice(1)
    await t.db.drop()
    const r = await call(`${t.url}/healthz`)
    expect(r.status).toBe(503)
    expect(r.body).toEqual({ code: 'unhealthy', message: 'A dependency of the gateway is unavailable' })
    expect(JSON.stringify(r.body)).not.toContain(dbName)
    expect(t.logs.some((l) => l.msg === 'health check failed')).toBe(true)
    await t.close({ keepDatabase: true })
  })
})

describe('PostgreSQL commits are synchronous', () => {
  it('forces synchronous_commit=on even when the database default is off', async () => {
    const database = await createTestDatabase('postgres')
    const admin = new pg.Client({ connectionString: database.url })
    await admin.connect()
    const name = new URL(database.url).pathname.slice(1)
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`)
    await admin.end()
    const t = await startTestGateway('postgres', {}, { database })
    try {
      const rows = await t.gateway.db.query<{ synchronous_commit: string }>('SHOW synchronous_commit')
      expect(rows[0]!.synchronous_commit).toBe('on')
    } finally {
      await t.close()
    }
  })
})

describe('routes are project-scoped unless marked public', () => {
  it('a route registered without an auth mode needs a known projectId', async () => {
    const app = buildApp({
      logLevel: 'silent',
      bodyLimit: 1024,
      projects: [{ id: 'p', name: 'P', allowedOrigins: [] }],
      rateLimit: { max: 100, windowMs: 1000 },
      metrics: new Metrics(),
      health: async () => ({}),
    })
    app.get(
      '/v1/new-thing',
      { schema: { querystring: Type.Object({ projectId: Type.Optional(Type.String()) }) } },
      async () => ({
        ok: true,
      }),
    )
    app.get('/v1/open-thing', { config: { auth: 'public' } }, async () => ({ ok: true }))
    const anonymous = await app.inject({ method: 'GET', url: '/v1/new-thing' })
    expect([anonymous.statusCode, anonymous.json().message]).toEqual([401, 'Unauthorized: invalid key'])
    expect((await app.inject({ method: 'GET', url: '/v1/new-thing?projectId=p' })).statusCode).toBe(200)
    expect((await app.inject({ method: 'GET', url: '/v1/open-thing' })).statusCode).toBe(200)
    // Unknown paths still answer 404, not 401.
    expect((await app.inject({ method: 'GET', url: '/v1/nothing-here' })).statusCode).toBe(404)
    await app.close()
  })
})

describe('configuration refuses unsafe settings', () => {
  it('trustProxy: true is refused; a hop count or a CIDR list is accepted', () => {
    expect(() => resolveConfig({ trustProxy: true })).toThrow(ConfigError)
    expect(() => resolveConfig({ trustProxy: true })).toThrow(/hop/)
    expect(resolveConfig({ trustProxy: 1 }).trustProxy).toBe(1)
    expect(resolveConfig({ trustProxy: ['10.0.0.0/8', '127.0.0.1'] }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ])
    expect(resolveConfig({}).trustProxy).toBe(false)
  })

  it('prices are keyed by CAIP-10 only: a symbol key is a configuration error', () => {
    expect(() => resolveConfig({ prices: { usd: { USDC: 1 } } })).toThrow(/CAIP-10/)
    expect(() => resolveConfig({ prices: { usd: { 'eip155:1:native': -1 } } })).toThrow(/positive/)
    expect(resolveConfig({ prices: { usd: { 'eip155:1:native': 3000 } } }).prices.usd).toEqual({
      'eip155:1:native': 3000,
    })
  })
})

describe('RPC URLs (API keys) stay out of the logs', () => {
  it('redactUrls drops paths, queries and user-info; configured URLs become labels', () => {
    expect(redactUrls('URL: https://mainnet.infura.io/v3/abc123 failed')).toBe(
      'URL: https://mainnet.infura.io/… failed',
    )
    expect(redactUrls('https://user:pw@rpc.example/?apikey=k')).toBe('https://rpc.example/…')
    expect(redactUrls('see http://127.0.0.1:8545')).toBe('see http://127.0.0.1:8545')
    expect(redactUrls('x https://a.example/k y', new Map([['https://a.example/k', '<rpc eip155:1>']]))).toBe(
      'x <rpc eip155:1> y',
    )
  })

  it('a failing RPC with a key in its URL logs warnings without the key', async () => {
    const t = await startTestGateway('sqlite', {
      networks: [
        {
          caipNetworkId: 'eip155:31337',
          rpcUrl: 'http://127.0.0.1:9/v3/SECRETKEY0123?apikey=SECRETKEY0123',
          indexer: { enabled: true, pollIntervalMs: 20 },
        },
      ],
    })
    try {
      const deadline = Date.now() + 15_000
      while (!t.logs.some((l) => l.msg === 'indexer step failed; retrying') && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50))
      }
      const warn = t.logs.find((l) => l.msg === 'indexer step failed; retrying')
      expect(warn).toBeDefined()
      // Configured URLs become labels (`#0`: the first upstream of the chain).
      expect(JSON.stringify(warn)).toContain('<rpc eip155:31337#0>')
      expect(JSON.stringify(t.logs)).not.toContain('SECRETKEY0123')
    } finally {
      await t.close()
    }
  }, 30_000)
})
