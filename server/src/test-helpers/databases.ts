// Each storage test runs once per engine: SQLite (a temp file) and PostgreSQL
// (a fresh database in the cluster started by the global setup).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'

export interface TestDatabase {
  kind: 'sqlite' | 'postgres'
  /** Value for the gateway's `databaseUrl`. */
  url: string
  /** Removes the file / drops the database. */
  drop(): Promise<void>
}

let counter = 0

/** A new empty database of the given kind. */
export async function createTestDatabase(kind: 'sqlite' | 'postgres'): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'portico-sqlite-'))
    return {
      kind,
      url: `sqlite:${join(dir, 'test.sqlite')}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    }
  }
  const admin = inject('pgUrl')
  const name = `t_${process.pid}_${Date.now().toString(36)}_${counter++}`
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  // Identifiers cannot be bound; the name is built above from digits and letters only.
  await client.query(`CREATE DATABASE ${name}`)
  await client.end()
  const url = admin.replace(/\/postgres$/, `/${name}`)
  return {
    kind,
    url,
    drop: async () => {
      const c = new pg.Client({ connectionString: admin })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}

export const ENGINES = ['sqlite', 'postgres'] as const
