import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test-helpers/databases.js'
import { advisoryKey, postgresLeadership } from './leader.js'

const log = {
  info() {},
  warn() {},
  debug() {},
  error() {},
} as unknown as Parameters<typeof postgresLeadership>[1]

describe('indexer leadership on PostgreSQL (pg_try_advisory_lock)', () => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase('postgres')
  })
  afterAll(() => db?.drop())

  it('one instance leads a chain; the other takes over once the leader releases', async () => {
    const a = postgresLeadership(db.url, log)
    const b = postgresLeadership(db.url, log)
    try {
      expect(await a.acquire('eip155:1')).toBe(true)
      expect(await b.acquire('eip155:1')).toBe(false)
      // Leadership is per chain: B may lead another one.
      expect(await b.acquire('eip155:10')).toBe(true)
      expect(await a.acquire('eip155:1')).toBe(true)
      expect(a.held()).toEqual(['eip155:1'])
      await a.release()
      expect(a.held()).toEqual([])
      expect(await a.acquire('eip155:1')).toBe(false)
      expect(await b.acquire('eip155:1')).toBe(true)
      expect(b.held().sort()).toEqual(['eip155:1', 'eip155:10'])
    } finally {
      await a.release()
      await b.release()
    }
  })

  it("a leader whose session dies (terminated backend) loses the lock to the next instance's try", async () => {
    const a = postgresLeadership(db.url, log)
    const b = postgresLeadership(db.url, log)
    const admin = new pg.Client({ connectionString: db.url })
    await admin.connect()
    try {
      expect(await a.acquire('eip155:5')).toBe(true)
      expect(await b.acquire('eip155:5')).toBe(false)
      const holder = await admin.query<{ pid: number }>(
        `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted
           AND ((classid::bigint << 32) | objid::bigint) = ($1::bigint & x'ffffffffffffffff'::bigint)`,
        [advisoryKey('eip155:5')],
      )
      expect(holder.rows).toHaveLength(1)
      await admin.query('SELECT pg_terminate_backend($1)', [holder.rows[0]!.pid])
      await expect.poll(() => b.acquire('eip155:5'), { timeout: 5_000 }).toBe(true)
      await expect.poll(() => a.held(), { timeout: 5_000 }).toEqual([])
      expect(await a.acquire('eip155:5')).toBe(false)
    } finally {
      await admin.end()
      await a.release()
      await b.release()
    }
  })

  it('a leader whose lock session stops answering (backend frozen, no FIN) stops leading on its next tick', async () => {
    const a = postgresLeadership(db.url, log, { checkTimeoutMs: 500 })
    const admin = new pg.Client({ connectionString: db.url })
    await admin.connect()
    let frozen: number | undefined
    try {
      expect(await a.acquire('eip155:7')).toBe(true)
      const holder = await admin.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE application_name = 'portico-indexer-leader'",
      )
      expect(holder.rows).toHaveLength(1)
      // The backend process is this test's own cluster: freezing it is a peer that vanished silently.
      frozen = holder.rows[0]!.pid
      process.kill(frozen, 'SIGSTOP')
      expect(await a.acquire('eip155:7')).toBe(false)
      expect(a.held()).toEqual([])
    } finally {
      if (frozen !== undefined) process.kill(frozen, 'SIGCONT')
      await admin.end()
      await a.release()
    }
  })
})
