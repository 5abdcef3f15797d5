import pg from 'pg'
import { BatchConditionError, type Database, type SqlValue } from './types.js'

// BIGINT (int8) columns hold epoch milliseconds and block numbers, all far
// below 2^53: read them as numbers, the same as SQLite gives them.
const int8Parser = (value: string) => Number(value)

/** Renumbers `?` placeholders to PostgreSQL's `$1, $2, …`. SQL here never has `?` in literals. */
export function toPgPlaceholders(sql: string): string {
  let n = 0
  return sql.replace(/\?/g, () => `$${++n}`)
}

/** Pool size and time limits of the PostgreSQL engine (the gateway's `postgres` configuration). */
export interface PostgresOptions {
  poolSize?: number
  connectionTimeoutMs?: number
  /** 0: no statement time limit. */
  statementTimeoutMs?: number
}

/** The PostgreSQL engine: a node-postgres pool; a batch holds one client inside BEGIN … COMMIT. */
export function openPostgres(connectionString: string, options: PostgresOptions = {}): Database {
  const statementTimeout = options.statementTimeoutMs ?? 30_000
  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize ?? 10,
    application_name: 'portico-gateway',
    // A runaway query is cancelled by the server instead of holding a pooled connection.
    ...(statementTimeout > 0 ? { statement_timeout: statementTimeout } : {}),
    // A 2xx means committed: a server or role default of synchronous_commit=off must not weaken that.
    options: '-c synchronous_commit=on',
    // Also SET per connection: `options` in the URL would override the startup parameter above.
    // The pool awaits this before handing the client out; a failed SET ends the client and fails
    // the request that asked for it, so it cannot pass unseen (and no query is queued behind it).
    onConnect: async (client: pg.ClientBase) => {
      await client.query('SET synchronous_commit TO on')
    },
    // A database that does not answer fails the request (503) instead of queueing it forever.
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
    idleTimeoutMillis: 30_000,
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        oid === 20
          ? int8Parser
          : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  })
  // An idle client losing its connection must not crash the process: the pool drops it, and
  // the next request opens a new one or fails with the cause (health check → 503, logged).
  pool.on('error', () => {})
  const text = new Map<string, string>()
  const convert = (sql: string) => {
    let t = text.get(sql)
    if (t === undefined) {
      t = toPgPlaceholders(sql)
      if (text.size > 500) text.clear()
      text.set(sql, t)
    }
    return t
  }
  const values = (params: readonly SqlValue[] | undefined) =>
    (params ?? []).map((v) => (typeof v === 'bigint' ? v.toString() : v))
  return {
    dialect: 'postgres',
    async query<T>(sql: string, params?: readonly SqlValue[]) {
      const r = await pool.query(convert(sql), values(params))
      return r.rows as T[]
    },
    async batch(statements) {
      const client = await pool.connect()
      // A checked-out client has no pool listener: without this one, a connection the server
      // ends mid-batch would emit 'error' unheard and crash the process. The query in flight
      // is rejected as well, so the batch fails with the cause; the client is then discarded.
      let lost: Error | undefined
      const onLost = (error: Error) => {
        lost = error
      }
      client.on('error', onLost)
      try {
        await client.query('BEGIN')
        const counts: number[] = []
        for (const [i, s] of statements.entries()) {
          const r = await client.query(convert(s.sql), values(s.params))
          const changes = r.rowCount ?? 0
          if (s.expectChanges !== undefined && changes !== s.expectChanges) throw new BatchConditionError(i)
          counts.push(changes)
        }
        await client.query('COMMIT')
        return counts
      } catch (error) {
        // The batch's own error is the one to report; a failed ROLLBACK (the connection is
        // gone) only means the client must not go back to the pool.
        if (!lost) await client.query('ROLLBACK').catch((e: Error) => (lost = e))
        throw error
      } finally {
        client.removeListener('error', onLost)
        client.release(lost)
      }
    },
    async close() {
      await pool.end()
    },
  }
}
