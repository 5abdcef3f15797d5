// Pool size, time limits and the graceful drain of one instance (what several instances rely on).
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, resolveConfig } from '../config/index.js'
import { createGateway } from '../gateway.js'
import { createTestDatabase, type TestDatabase } from '../test-helpers/databases.js'
import { call } from '../test-helpers/gateway.js'

const quiet = { write() {} }

describe('postgres pool and time-out configuration', () => {
  it('defaults: 10 connections, 5 s to connect, 30 s per statement, 10 s to drain', () => {
    const c = resolveConfig({})
    expect(c.postgres).toEqual({ poolSize: 10, connectionTimeoutMs: 5_000, statementTimeoutMs: 30_000 })
    expect(c.shutdownTimeoutMs).toBe(10_000)
  })
  it('refuses a pool of 0 and a negative time-out with the field named', () => {
    expect(() => resolveConfig({ postgres: { poolSize: 0 } })).toThrow(ConfigError)
    expect(() => resolveConfig({ postgres: { poolSize: 0 } })).toThrow(/\/postgres\/poolSize/)
    expect(() => resolveConfig({ postgres: { statementTimeoutMs: -1 } })).toThrow(/statementTimeoutMs/)
    expect(() => resolveConfig({ shutdownTimeoutMs: 'soon' })).toThrow(/shutdownTimeoutMs/)
  })
})

describe('PostgreSQL pool size and statement time-out are applied', () => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase('postgres')
  })
  afterAll(() => db?.drop())

  it('never opens more than poolSize connections; a statement past statementTimeoutMs is cancelled', async () => {
    const gateway = await createGateway(
      resolveConfig({
        host: '127.0.0.1',
        port: 0,
        databaseUrl: db.url,
        postgres: { poolSize: 2, statementTimeoutMs: 1_000 },
      }),
      { logStream: quiet },
    )
    const admin = new pg.Client({ connectionString: db.url })
    await admin.connect()
    try {
      const name = db.url.split('/').pop()
      const busy = Array.from({ length: 5 }, () => gateway.db.query('SELECT pg_sleep(0.3)'))
      let most = 0
      for (let i = 0; i < 10; i++) {
        const r = await admin.query<{ n: string }>(
          "SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = 'portico-gateway'",
          [name],
        )
        most = Math.max(most, Number(r.rows[0]!.n))
        await new Promise((r) => setTimeout(r, 50))
      }
      await Promise.all(busy)
      expect(most).toBe(2)
      await expect(gateway.db.query('SELECT pg_sleep(3)')).rejects.toMatchObject({ code: '57014' })
    } finally {
      await admin.end()
      await gateway.close()
    }
  })
})

describe('graceful drain on close (SIGTERM)', () => {
  it('stops accepting, lets the request in flight finish, then closes without cutting anything', async () => {
    const lines: Record<string, unknown>[] = []
    const gateway = await createGateway(
      resolveConfig({
        host: '127.0.0.1',
        port: 0,
        databaseUrl: 'sqlite::memory:',
        shutdownTimeoutMs: 60_000,
      }),
      { logStream: { write: (l: string) => lines.push(JSON.parse(l)) } },
    )
    let release!: () => void
    const gate = new Promise<void>((r) => {
      release = r
    })
    let entered!: () => void
    const started = new Promise<void>((r) => {
      entered = r
    })
    gateway.app.get('/test/slow', { config: { auth: 'public' } }, async () => {
      entered()
      await gate
      return { finished: true }
    })
    const url = await gateway.listen()
    const inFlight = call(`${url}/test/slow`)
    await started
    const closing = gateway.close()
    // New connections are refused while the slow request is still running.
    await expect
      .poll(() =>
        fetch(`${url}/healthz`).then(
          () => 'accepted',
          () => 'refused',
        ),
      )
      .toBe('refused')
    release()
    const answer = await inFlight
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ finished: true })
    expect(answer.headers.get('connection')).toBe('close')
    await closing
    expect(lines.some((l) => String(l.msg).includes('connections cut'))).toBe(false)
  })

  it('after shutdownTimeoutMs a request still running is cut and close() resolves', async () => {
    const lines: Record<string, unknown>[] = []
    const gateway = await createGateway(
      resolveConfig({ host: '127.0.0.1', port: 0, databaseUrl: 'sqlite::memory:', shutdownTimeoutMs: 200 }),
      { logStream: { write: (l: string) => lines.push(JSON.parse(l)) } },
    )
    let entered!: () => void
    const started = new Promise<void>((r) => {
      entered = r
    })
    gateway.app.get('/test/stuck', { config: { auth: 'public' } }, async () => {
      entered()
      await new Promise(() => {})
    })
    const url = await gateway.listen()
    const stuck = fetch(`${url}/test/stuck`).then(
      () => 'answered',
      () => 'cut',
    )
    await started
    await gateway.close()
    expect(await stuck).toBe('cut')
    expect(
      lines.some((l) => l.msg === 'requests still in flight after the shutdown time-out; connections cut'),
    ).toBe(true)
  })
})
