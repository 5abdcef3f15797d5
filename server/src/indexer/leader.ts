import { createHash } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import pg from 'pg'

/**
 * Who runs a chain's indexer when several gateway instances share one
 * database. Exactly one instance holds a chain's leadership at a time; the
 * others keep asking and take over when the leader goes away.
 */
export interface Leadership {
  /** `postgres`: an advisory lock per chain; `single`: this process always leads (SQLite). */
  readonly kind: 'postgres' | 'single'
  /** Whether this instance leads `name` now, becoming the leader when nobody does. */
  acquire(name: string): Promise<boolean>
  /** The names this instance leads at the moment. */
  held(): string[]
  /** Gives every leadership up (the next instance takes over at its next try). */
  release(): Promise<void>
}

/** One process, one database file: this instance always leads. */
export function singleInstanceLeadership(): Leadership {
  const names = new Set<string>()
  return {
    kind: 'single',
    async acquire(name) {
      names.add(name)
      return true
    },
    held: () => [...names],
    async release() {
      names.clear()
    },
  }
}

/** The advisory-lock key of a name: the first 8 bytes of its SHA-256, as a signed 64-bit integer. */
export function advisoryKey(name: string): string {
  return createHash('sha256').update(`portico-indexer:${name}`).digest().readBigInt64BE(0).toString()
}

/**
 * Leadership through PostgreSQL session advisory locks
 * (`pg_try_advisory_lock`) on one dedicated connection, outside the pool: the
 * lock lives exactly as long as that session. A leader that dies (even
 * `kill -9`) loses its connection, PostgreSQL drops the lock, and another
 * instance's next `acquire` wins. A leader whose lock connection breaks
 * stops leading at once (and tries again on a new connection).
 */
export function postgresLeadership(
  connectionString: string,
  log: FastifyBaseLogger,
  options: { connectTimeoutMs?: number; checkTimeoutMs?: number } = {},
): Leadership {
  let client: pg.Client | undefined
  let connecting: Promise<pg.Client> | undefined
  const names = new Set<string>()
  let released = false

  const lost = (c: pg.Client, error?: Error) => {
    if (client !== c) return
    client = undefined
    if (names.size > 0)
      log.warn({ err: error, chains: [...names] }, 'indexer leader lock connection lost; leadership given up')
    names.clear()
  }

  const connection = async (): Promise<pg.Client> => {
    if (client) return client
    connecting ??= (async () => {
      const c = new pg.Client({
        connectionString,
        connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
        // The lock connection is idle between tries: TCP keep-alive (probes from 10 s, not the
        // OS default of 2 hours) notices a vanished server; each tick also re-checks the session.
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
        query_timeout: options.checkTimeoutMs ?? 5_000,
        application_name: 'portico-indexer-leader',
      })
      c.on('error', (error) => lost(c, error))
      c.on('end', () => lost(c))
      try {
        await c.connect()
      } catch (error) {
        c.end().catch((e: unknown) => log.debug({ err: e }, 'closing a failed lock connection failed'))
        throw error
      }
      client = c
      return c
    })().finally(() => {
      connecting = undefined
    })
    return connecting
  }

  return {
    kind: 'postgres',
    async acquire(name) {
      if (released) return false
      if (names.has(name) && client) {
        // Re-checked on each tick: the session (and so the lock) must still answer, within the time-out.
        const held = client
        try {
          await held.query('SELECT 1')
          return true
        } catch (error) {
          lost(held, error as Error)
          held.end().catch((e: unknown) => log.debug({ err: e }, 'closing a dead lock connection failed'))
          return false
        }
      }
      const c = await connection()
      const r = await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS ok', [
        advisoryKey(name),
      ])
      const ok = r.rows[0]?.ok === true
      if (ok && client === c && !released) {
        names.add(name)
        log.info({ chain: name }, 'indexer leadership taken')
        return true
      }
      return false
    },
    held: () => [...names],
    async release() {
      released = true
      names.clear()
      const c = client ?? (await connecting?.catch(() => undefined))
      client = undefined
      // Ending the session drops every advisory lock it holds.
      if (c) await c.end()
    },
  }
}
