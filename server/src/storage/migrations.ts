import { AUTH_ACCOUNT_MIGRATION } from '../auth/account/store.js'
import { AUTH_EMAIL_MIGRATION } from '../auth/email/store.js'
import { AUTH_FARCASTER_MIGRATION } from '../auth/farcaster/store.js'
import { AUTH_RECOVERY_MIGRATION } from '../auth/recovery/store.js'
import { AUTH_SOCIAL_MIGRATION } from '../auth/social/store.js'
import { AUTH_HARDENING_MIGRATION, AUTH_PROOF_MIGRATION } from '../auth/store.js'
import { NFT_HISTORY_MIGRATION, NFT_MIGRATION } from '../nfts/migration.js'
import { ONRAMP_MIGRATION, ONRAMP_STATUS_MIGRATION } from '../onramp/orders.js'
import { ONRAMP_SETTLEMENT_MIGRATION } from '../onramp/settlement/store.js'
import { PAYMASTER_MIGRATION } from '../paymaster/store.js'
import { PAYMENTS_MIGRATION } from '../payments/store.js'
import { DEPLOYMENT_IDENTITY_MIGRATION } from '../sessions/identity.js'
import { SIWX_MIGRATION } from '../siwx/migration.js'
import type { Database } from './types.js'

export interface Migration {
  version: number
  name: string
  /** Portable SQL: the same text runs on SQLite and PostgreSQL. */
  statements: string[]
}

/** The schema, in order. Never edit an applied migration: append a new one. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'analytics events',
    statements: [
      `CREATE TABLE analytics_events (
        project_id TEXT NOT NULL,
        event_id TEXT NOT NULL,
        event TEXT NOT NULL,
        url TEXT NOT NULL,
        domain TEXT NOT NULL,
        ts BIGINT NOT NULL,
        received_at BIGINT NOT NULL,
        address TEXT,
        st TEXT,
        sv TEXT,
        props TEXT NOT NULL,
        PRIMARY KEY (project_id, event_id)
      )`,
      'CREATE INDEX analytics_events_received ON analytics_events (project_id, received_at)',
    ],
  },
  {
    version: 2,
    name: 'history index',
    statements: [
      `CREATE TABLE indexer_cursors (
        chain TEXT PRIMARY KEY,
        next_block BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      )`,
      `CREATE TABLE txs (
        chain TEXT NOT NULL,
        tx_hash TEXT NOT NULL,
        sort_key TEXT NOT NULL,
        block_number BIGINT NOT NULL,
        block_time BIGINT NOT NULL,
        from_addr TEXT NOT NULL,
        to_addr TEXT,
        status TEXT NOT NULL,
        PRIMARY KEY (chain, tx_hash)
      )`,
      `CREATE TABLE transfers (
        chain TEXT NOT NULL,
        tx_hash TEXT NOT NULL,
        log_index INTEGER NOT NULL,
        kind TEXT NOT NULL,
        token TEXT NOT NULL,
        from_addr TEXT NOT NULL,
        to_addr TEXT NOT NULL,
        amount TEXT NOT NULL,
        token_id TEXT,
        PRIMARY KEY (chain, tx_hash, log_index)
      )`,
      `CREATE TABLE account_txs (
        account TEXT NOT NULL,
        chain TEXT NOT NULL,
        tx_hash TEXT NOT NULL,
        sort_key TEXT NOT NULL,
        PRIMARY KEY (account, chain, tx_hash)
      )`,
      'CREATE INDEX account_txs_sort ON account_txs (account, sort_key)',
    ],
  },
  {
    version: 3,
    name: 'names',
    statements: [
      `CREATE TABLE names (
        name TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        registered BIGINT NOT NULL,
        updated BIGINT NOT NULL,
        attributes TEXT NOT NULL
      )`,
      `CREATE TABLE name_addresses (
        name TEXT NOT NULL REFERENCES names (name),
        coin_type TEXT NOT NULL,
        address TEXT NOT NULL,
        created BIGINT NOT NULL,
        PRIMARY KEY (name, coin_type)
      )`,
      'CREATE INDEX name_addresses_address ON name_addresses (address)',
      `CREATE TABLE used_signatures (
        digest TEXT PRIMARY KEY,
        used_at BIGINT NOT NULL
      )`,
    ],
  },
  {
    version: 4,
    name: 'sessions',
    statements: [
      `CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        address TEXT NOT NULL,
        pci TEXT NOT NULL,
        chain TEXT NOT NULL,
        permissions TEXT NOT NULL,
        created BIGINT NOT NULL,
        expiry BIGINT NOT NULL,
        revoked_at BIGINT
      )`,
      'CREATE INDEX sessions_address ON sessions (address)',
    ],
  },
  {
    version: 5,
    name: 'token metadata',
    statements: [
      `CREATE TABLE token_meta (
        chain TEXT NOT NULL,
        address TEXT NOT NULL,
        kind TEXT NOT NULL,
        name TEXT NOT NULL,
        symbol TEXT NOT NULL,
        decimals INTEGER NOT NULL,
        PRIMARY KEY (chain, address)
      )`,
    ],
  },
  {
    version: 6,
    name: 'history indexes, registration clock',
    statements: [
      // History pages look transactions and transfers up by hash (the primary keys start with chain),
      // and filter one account's rows by chain in sort order.
      'CREATE INDEX txs_hash ON txs (tx_hash)',
      'CREATE INDEX transfers_hash ON transfers (tx_hash)',
      'CREATE INDEX account_txs_chain_sort ON account_txs (account, chain, sort_key)',
      // Name registrations per owner must carry increasing timestamps: an older signed message cannot be replayed later.
      `CREATE TABLE name_owner_clock (
        owner TEXT PRIMARY KEY,
        last_timestamp BIGINT NOT NULL
      )`,
    ],
  },
  ONRAMP_MIGRATION,
  {
    version: 8,
    name: 'indexed block hashes, retention',
    statements: [
      // The hash of each recently indexed block: the next range's parent hash is checked against it (re-orgs).
      `CREATE TABLE indexer_blocks (
        chain TEXT NOT NULL,
        number BIGINT NOT NULL,
        hash TEXT NOT NULL,
        parent_hash TEXT NOT NULL,
        PRIMARY KEY (chain, number)
      )`,
      // A re-org removes the rows of orphaned blocks by number.
      'CREATE INDEX txs_chain_block ON txs (chain, block_number)',
      // When the signed message can no longer be accepted anyway; pruned some time after. NULL (older rows): kept.
      'ALTER TABLE used_signatures ADD COLUMN expires_at BIGINT',
      'CREATE INDEX used_signatures_expires ON used_signatures (expires_at)',
      // Retention deletes by arrival time across projects.
      'CREATE INDEX analytics_events_received_all ON analytics_events (received_at)',
    ],
  },
  SIWX_MIGRATION,
  AUTH_EMAIL_MIGRATION,
  NFT_MIGRATION,
  AUTH_RECOVERY_MIGRATION,
  AUTH_SOCIAL_MIGRATION,
  AUTH_FARCASTER_MIGRATION,
  AUTH_ACCOUNT_MIGRATION,
  NFT_HISTORY_MIGRATION,
  AUTH_HARDENING_MIGRATION,
  AUTH_PROOF_MIGRATION,
  DEPLOYMENT_IDENTITY_MIGRATION,
  ONRAMP_STATUS_MIGRATION,
  ONRAMP_SETTLEMENT_MIGRATION,
  PAYMASTER_MIGRATION,
  PAYMENTS_MIGRATION,
]

/**
 * Applies the migrations not applied yet, each in its own transaction, and
 * returns the versions it applied. On PostgreSQL an advisory lock keeps two
 * gateways starting at once from racing; SQLite's write lock does the same.
 */
export async function migrate(
  db: Database,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<number[]> {
  await db.query(
    `CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at BIGINT NOT NULL
    )`,
  )
  const applied: number[] = []
  for (const m of migrations) {
    const lock =
      db.dialect === 'postgres' ? [{ sql: 'SELECT pg_advisory_xact_lock(?)', params: [727_001] }] : []
    // Check-and-apply inside one transaction: `INSERT … ON CONFLICT DO NOTHING`
    // claims the version first, so a concurrent starter applies nothing twice.
    const done = await db.query<{ version: number }>(
      'SELECT version FROM schema_migrations WHERE version = ?',
      [m.version],
    )
    if (done.length > 0) continue
    try {
      await db.batch([
        ...lock,
        {
          sql: 'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
          params: [m.version, m.name, Date.now()],
        },
        ...m.statements.map((sql) => ({ sql })),
      ])
      applied.push(m.version)
    } catch (error) {
      const again = await db.query('SELECT version FROM schema_migrations WHERE version = ?', [m.version])
      if (again.length > 0) continue
      throw error
    }
  }
  return applied
}
