import type { Migration } from '../../storage/migrations.js'

/**
 * Email login tables. One wallet per email address per gateway: the auth
 * share is keyed by the address, not the project, so the same visitor gets
 * the same wallet on every site of the operator (the frame origin is shared).
 */
export const AUTH_EMAIL_MIGRATION: Migration = {
  version: 10,
  name: 'embedded wallet email login',
  statements: [
    `CREATE TABLE auth_email_codes (
      email TEXT PRIMARY KEY,
      code_hash TEXT NOT NULL,
      expires_at BIGINT NOT NULL,
      attempts INTEGER NOT NULL,
      sent_at BIGINT NOT NULL
    )`,
    `CREATE TABLE auth_sessions (
      token_hash TEXT PRIMARY KEY,
      email TEXT NOT NULL,
      project_id TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL,
      revoked_at BIGINT
    )`,
    'CREATE INDEX auth_sessions_email ON auth_sessions (email)',
    `CREATE TABLE auth_shares (
      email TEXT PRIMARY KEY,
      address TEXT NOT NULL,
      share_ciphertext TEXT NOT NULL,
      created_at BIGINT NOT NULL
    )`,
  ],
}
