import type { Migration } from '../../storage/migrations.js'

/**
 * Issue 14 account extras for the embedded wallet: the devices each account
 * has logged in from (device ids stored as MACs), pending device approvals
 * (the frame's poll token and the mailed link token, both as MACs, single
 * use), email changes in flight (two codes, both hashed) and the log of
 * private-key exports (also the export rate limit).
 */
export const AUTH_ACCOUNT_MIGRATION: Migration = {
  version: 15,
  name: 'embedded wallet devices, email change, key export',
  statements: [
    `CREATE TABLE auth_devices (
      email TEXT NOT NULL,
      device_hash TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      last_seen_at BIGINT NOT NULL,
      PRIMARY KEY (email, device_hash)
    )`,
    `CREATE TABLE auth_device_logins (
      pending_hash TEXT PRIMARY KEY,
      link_hash TEXT NOT NULL UNIQUE,
      email TEXT NOT NULL,
      project_id TEXT NOT NULL,
      device_hash TEXT NOT NULL,
      expires_at BIGINT NOT NULL,
      sent_at BIGINT NOT NULL,
      approved_at BIGINT,
      consumed_at BIGINT
    )`,
    'CREATE INDEX auth_device_logins_email ON auth_device_logins (email)',
    `CREATE TABLE auth_email_changes (
      email TEXT PRIMARY KEY,
      new_email TEXT NOT NULL,
      stage TEXT NOT NULL,
      code_hash TEXT NOT NULL,
      attempts INTEGER NOT NULL,
      expires_at BIGINT NOT NULL,
      sent_at BIGINT NOT NULL
    )`,
    `CREATE TABLE auth_reauth_codes (
      email TEXT PRIMARY KEY,
      code_hash TEXT NOT NULL,
      attempts INTEGER NOT NULL,
      expires_at BIGINT NOT NULL,
      sent_at BIGINT NOT NULL
    )`,
    `CREATE TABLE auth_key_exports (
      email TEXT NOT NULL,
      address TEXT NOT NULL,
      project_id TEXT NOT NULL,
      ip TEXT NOT NULL,
      exported_at BIGINT NOT NULL
    )`,
    'CREATE INDEX auth_key_exports_email ON auth_key_exports (email, exported_at)',
  ],
}
