import { mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { Worker } from 'node:worker_threads'
import BetterSqlite3 from 'better-sqlite3'
import { BatchConditionError, type Database, type SqlValue, type Statement } from './types.js'

export interface SqliteOptions {
  /** File path, or `:memory:`. */
  filename: string
  /** `FULL` fsyncs every commit (survives power loss); `NORMAL` survives process crashes. */
  synchronous?: 'FULL' | 'NORMAL'
}

// The writer thread: its own connection, so a commit's fsync never blocks the
// event loop. Plain CommonJS in a string, so it runs the same from src and dist.
const WRITER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.modulePath)
const db = new Database(workerData.filename)
db.pragma('journal_mode = WAL')
db.pragma('synchronous = ' + workerData.synchronous)
db.pragma('busy_timeout = 5000')
db.pragma('foreign_keys = ON')
const cache = new Map()
const prepare = (sql) => {
  let stmt = cache.get(sql)
  if (!stmt) {
    stmt = db.prepare(sql)
    if (cache.size > 500) cache.clear()
    cache.set(sql, stmt)
  }
  return stmt
}
const run = db.transaction((statements) =>
  statements.map((s, i) => {
    const changes = prepare(s.sql).run(...(s.params || [])).changes
    if (s.expectChanges !== undefined && changes !== s.expectChanges) {
      const e = new Error('condition')
      e.conditionIndex = i
      throw e
    }
    return changes
  }),
)
parentPort.on('message', ({ id, statements, close }) => {
  if (close) {
    db.close()
    parentPort.postMessage({ id, ok: true })
    return
  }
  try {
    parentPort.postMessage({ id, ok: true, result: run.immediate(statements) })
  } catch (e) {
    parentPort.postMessage({ id, ok: false, error: { message: String(e && e.message), code: e && e.code, conditionIndex: e && e.conditionIndex } })
  }
})
`

interface WriterReply {
  id: number
  ok: boolean
  result?: number[]
  error?: { message: string; code?: string; conditionIndex?: number }
}

/** Runs batches on the writer thread, in order; each resolves after its commit. */
function startWriter(filename: string, synchronous: string) {
  const modulePath = createRequire(import.meta.url).resolve('better-sqlite3')
  const worker = new Worker(WRITER_SOURCE, { eval: true, workerData: { modulePath, filename, synchronous } })
  const pending = new Map<number, { resolve: (r: number[]) => void; reject: (e: unknown) => void }>()
  let next = 0
  let failure: unknown
  worker.unref()
  worker.on('message', (m: WriterReply) => {
    const p = pending.get(m.id)
    pending.delete(m.id)
    if (pending.size === 0) worker.unref()
    if (!p) return
    if (m.ok) return p.resolve(m.result ?? [])
    const e = m.error!
    if (e.conditionIndex !== undefined) return p.reject(new BatchConditionError(e.conditionIndex))
    p.reject(Object.assign(new Error(e.message), { code: e.code }))
  })
  worker.on('error', (error) => {
    failure = error
    for (const p of pending.values()) p.reject(error)
    pending.clear()
  })
  const send = (message: { statements?: readonly Statement[]; close?: true }) =>
    new Promise<number[]>((resolve, reject) => {
      if (failure) return reject(failure)
      const id = ++next
      pending.set(id, { resolve, reject })
      worker.ref()
      worker.postMessage({ id, ...message })
    })
  return {
    batch: (statements: readonly Statement[]) => send({ statements }),
    close: async () => {
      if (!failure) await send({ close: true }).catch(() => {})
      await worker.terminate()
    },
  }
}

/**
 * The embedded engine: better-sqlite3 in WAL mode. Reads run on the calling
 * thread; batches (all writes) run on a writer thread with its own
 * connection, one transaction each, so commits (and their fsync) never stall
 * the HTTP server. An in-memory database has one connection and runs
 * everything inline.
 */
export function openSqlite(options: SqliteOptions): Database {
  if (options.filename !== ':memory:') mkdirSync(dirname(options.filename), { recursive: true })
  const db = new BetterSqlite3(options.filename)
  db.pragma('journal_mode = WAL')
  db.pragma(`synchronous = ${options.synchronous ?? 'FULL'}`)
  db.pragma('busy_timeout = 5000')
  db.pragma('foreign_keys = ON')
  const cache = new Map<string, BetterSqlite3.Statement>()
  const prepare = (sql: string) => {
    let stmt = cache.get(sql)
    if (!stmt) {
      stmt = db.prepare(sql)
      if (cache.size > 500) cache.clear()
      cache.set(sql, stmt)
    }
    return stmt
  }
  const bind = (params: readonly SqlValue[] | undefined) => (params ?? []) as unknown[]
  const writer =
    options.filename === ':memory:' ? undefined : startWriter(options.filename, options.synchronous ?? 'FULL')
  const runAll = db.transaction((statements: readonly Statement[]) =>
    statements.map((s, i) => {
      const changes = prepare(s.sql).run(...bind(s.params)).changes
      if (s.expectChanges !== undefined && changes !== s.expectChanges) throw new BatchConditionError(i)
      return changes
    }),
  )
  return {
    dialect: 'sqlite',
    async query<T>(sql: string, params?: readonly SqlValue[]) {
      const stmt = prepare(sql)
      if (stmt.reader) return stmt.all(...bind(params)) as T[]
      stmt.run(...bind(params))
      return [] as T[]
    },
    async batch(statements) {
      if (writer) return writer.batch(statements)
      return runAll.immediate(statements)
    },
    async close() {
      await writer?.close()
      if (db.open) db.close()
    },
  }
}
