import { randomBytes } from 'node:crypto'
import type { Database } from '../storage/index.js'
import type { Migration } from '../storage/migrations.js'

/**
 * One random identity per deployment (every instance on the same database
 * shares it). Revocation signatures carry it in their EIP-712 domain, so a
 * signature made for one gateway is refused by another that serves the same
 * project id.
 */
export const DEPLOYMENT_IDENTITY_MIGRATION: Migration = {
  version: 24,
  name: 'deployment identity',
  statements: ['CREATE TABLE deployment_identity (id INTEGER PRIMARY KEY, value TEXT NOT NULL)'],
}

const IDENTITY = /^0x[0-9a-f]{64}$/

/** The deployment's identity (`0x` + 32 bytes hex), created by the first instance that asks. */
export async function deploymentIdentity(db: Database): Promise<string> {
  const read = async () =>
    (await db.query<{ value: string }>('SELECT value FROM deployment_identity WHERE id = 1'))[0]?.value
  const existing = await read()
  if (existing !== undefined) return checked(existing)
  // Two instances starting at once: the first insert wins, both read the winner.
  await db.query('INSERT INTO deployment_identity (id, value) VALUES (1, ?) ON CONFLICT DO NOTHING', [
    `0x${randomBytes(32).toString('hex')}`,
  ])
  const created = await read()
  if (created === undefined) throw new Error('deployment identity could not be stored')
  return checked(created)
}

function checked(value: string): string {
  if (!IDENTITY.test(value))
    throw new Error(`deployment identity is not 32 bytes of hex: ${value.slice(0, 80)}`)
  return value
}
