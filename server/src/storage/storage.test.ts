import pg from 'pg'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { createTestDatabase, ENGINES, type TestDatabase } from '../test-helpers/databases.js'
import {
  BatchConditionError,
  type Database,
  MIGRATIONS,
  migrate,
  openDatabase,
  toPgPlaceholders,
  whenConditionFails,
} from './index.js'

describe.each(ENGINES)('storage on %s', (kind) => {
  let tdb: TestDatabase | undefined
  let db: Database | undefined
  afterEach(async () => {
    await db?.close()
    await tdb?.drop()
    db = undefined
    tdb = undefined
  })

  async function open() {
    tdb = await createTestDatabase(kind)
    db = await openDatabase({ databaseUrl: tdb.url, dataDir: '/nonexistent' })
    return db
  }

  it('applies every migration once, in order, and a second run applies none', async () => {
    const d = await open()
    expect(d.dialect).toBe(kind)
    const rows = await d.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')
    expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version))
    expect(await migrate(d)).toEqual([])
  })

  it('a batch is atomic: a failing statement rolls back the ones before it', async () => {
    const d = await open()
    const insert = {
      sql: 'INSERT INTO indexer_cursors (chain, next_block, updated_at) VALUES (?, ?, ?)',
      params: ['eip155:1', 5, 1],
    }
    await expect(d.batch([insert, insert])).rejects.toThrow()
    expect(await d.query('SELECT * FROM indexer_cursors')).toEqual([])
    expect(await d.batch([insert])).toEqual([1])
    expect(await d.query('SELECT chain, next_block FROM indexer_cursors')).toEqual([
      { chain: 'eip155:1', next_block: 5 },
    ])
  })

  it('binds values, never splices them: a quote in a value is stored as text', async () => {
    const d = await open()
    const evil = "x'); DROP TABLE names; --"
    await d.batch([
      {
        sql: 'INSERT INTO names (name, owner, registered, updated, attributes) VALUES (?, ?, ?, ?, ?)',
        params: [evil, '0xabc', 1, 1, '{}'],
      },
    ])
    const rows = await d.query<{ name: string }>('SELECT name FROM names WHERE name = ?', [evil])
    expect(rows).toEqual([{ name: evil }])
  })

  it('BIGINT millisecond times read back as numbers on both engines', async () => {
    const d = await open()
    const t = 1_763_700_000_123
    await d.batch([
      {
        sql: 'INSERT INTO indexer_cursors (chain, next_block, updated_at) VALUES (?, ?, ?)',
        params: ['c', 9, t],
      },
    ])
    const [row] = await d.query<{ updated_at: number }>('SELECT updated_at FROM indexer_cursors')
    expect(row?.updated_at).toBe(t)
  })
})

describe('PostgreSQL durability', () => {
  it('every pooled connection commits synchronously, even when the URL asks for synchronous_commit=off', async () => {
    const tdb = await createTestDatabase('postgres')
    const url = new URL(tdb.url)
    url.searchParams.set('options', '-c synchronous_commit=off')
    const db = await openDatabase({ databaseUrl: url.toString(), dataDir: '/nonexistent' })
    try {
      // Several at once, so more than one pooled connection answers.
      const rows = await Promise.all(
        Array.from({ length: 4 }, () => db.query<{ synchronous_commit: string }>('SHOW synchronous_commit')),
      )
      expect(rows.map((r) => r[0]?.synchronous_commit)).toEqual(['on', 'on', 'on', 'on'])
    } finally {
      await db.close()
      await tdb.drop()
    }
  })
})

describe('PostgreSQL connection loss', () => {
  it('a batch whose connection the server ends fails with the cause; the process does not crash and the next query reconnects', async () => {
    const tdb = await createTestDatabase('postgres')
    const db = await openDatabase({ databaseUrl: tdb.url, dataDir: '/nonexistent' })
    const admin = new pg.Client({ connectionString: inject('pgUrl') })
    await admin.connect()
    try {
      const name = new URL(tdb.url).pathname.slice(1)
      const running = db.batch([{ sql: 'SELECT pg_sleep(5)' }])
      // Hold the outcome at once: the rejection may arrive before the assertion below runs.
      const outcome = running.then(
        () => new Error('the batch finished although its connection was ended'),
        (error: unknown) => error,
      )
      // Wait until the batch's statement is on the server, then end its connection.
      let pid: number | undefined
      for (let i = 0; i < 100 && pid === undefined; i++) {
        const r = await admin.query<{ pid: number }>(
          "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND query LIKE 'SELECT pg_sleep%'",
          [name],
        )
        pid = r.rows[0]?.pid
        if (pid === undefined) await new Promise((r) => setTimeout(r, 50))
      }
      expect(pid).toBeTypeOf('number')
      await admin.query('SELECT pg_terminate_backend($1)', [pid])
      const error = await outcome
      expect(error).toBeInstanceOf(Error)
      expect((error as Error).message).toMatch(/terminat/i)
      // The dead client was not handed back to the pool: a new query works.
      expect(await db.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }])
    } finally {
      await admin.end()
      await db.close()
      await tdb.drop()
    }
  })
})

describe('whenConditionFails', () => {
  it('turns only a failed expectChanges into the given error; a database failure stays what it is', async () => {
    const used = () => new Error('This code has expired. Ask for a new one.')
    await expect(Promise.reject(new BatchConditionError(0)).catch(whenConditionFails(used))).rejects.toThrow(
      'This code has expired. Ask for a new one.',
    )
    const down = new Error('connect ECONNREFUSED 127.0.0.1:5432')
    await expect(Promise.reject(down).catch(whenConditionFails(used))).rejects.toBe(down)
  })
})

describe('PostgreSQL placeholders', () => {
  it('renumbers ? to $n in order', () => {
    expect(toPgPlaceholders('SELECT a FROM t WHERE b = ? AND c IN (?, ?)')).toBe(
      'SELECT a FROM t WHERE b = $1 AND c IN ($2, $3)',
    )
  })
})
