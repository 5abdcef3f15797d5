import { join } from 'node:path'
import { MIGRATIONS, migrate } from './migrations.js'
import { openPostgres, type PostgresOptions } from './postgres.js'
import { openSqlite } from './sqlite.js'
import type { Database } from './types.js'

export { MIGRATIONS, type Migration, migrate } from './migrations.js'
export { openPostgres, type PostgresOptions, toPgPlaceholders } from './postgres.js'
export { openSqlite, type SqliteOptions } from './sqlite.js'
export {
  BatchConditionError,
  type Database,
  isUniqueViolation,
  type SqlValue,
  type Statement,
  whenConditionFails,
} from './types.js'

/**
 * Opens the database the configuration names and brings its schema up to
 * date: PostgreSQL for `postgres://` URLs, otherwise SQLite (a file under the
 * data directory, or `sqlite::memory:`).
 *
 * @example
 * const db = await openDatabase({ dataDir: '.portico-data' })
 */
export async function openDatabase(options: {
  databaseUrl?: string
  dataDir: string
  sqliteSynchronous?: 'FULL' | 'NORMAL'
  postgres?: PostgresOptions
}): Promise<Database> {
  const url = options.databaseUrl
  let db: Database
  let sqliteFile: { filename: string; synchronous: 'FULL' | 'NORMAL' } | undefined
  if (url && /^postgres(ql)?:\/\//.test(url)) db = openPostgres(url, options.postgres)
  else {
    const synchronous = options.sqliteSynchronous ?? 'FULL'
    const filename =
      url === 'sqlite::memory:'
        ? ':memory:'
        : url?.startsWith('sqlite:')
          ? url.slice('sqlite:'.length)
          : join(options.dataDir, 'portico.sqlite')
    if (filename !== ':memory:') sqliteFile = { filename, synchronous }
    db = openSqlite({ filename, synchronous })
  }
  let applied: number[]
  try {
    applied = await migrate(db, MIGRATIONS)
  } catch (error) {
    await db.close()
    throw error
  }
  // The SQLite reader connection was opened before the writer thread changed the schema, and its
  // query planner can keep the old schema (new indexes unused): reopen once after applying migrations.
  if (sqliteFile && applied.length > 0) {
    await db.close()
    db = openSqlite(sqliteFile)
  }
  return db
}
