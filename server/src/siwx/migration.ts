import type { Migration } from '../storage/migrations.js'

/** Sign-in nonces and sessions (CAIP-122). Tokens are stored as SHA-256 only. */
export const SIWX_MIGRATION: Migration = {
  version: 9,
  name: 'sign-in sessions',
  statements: [
    `CREATE TABLE siwx_nonces (
      nonce TEXT PRIMARY KEY,
      project_id TEXT NOT NULL,
      domain TEXT NOT NULL,
      expires_at BIGINT NOT NULL,
      used_at BIGINT
    )`,
    'CREATE INDEX siwx_nonces_expiry ON siwx_nonces (expires_at)',
    `CREATE TABLE siwx_sessions (
      id TEXT PRIMARY KEY,
      token_hash TEXT NOT NULL UNIQUE,
      project_id TEXT NOT NULL,
      namespace TEXT NOT NULL,
      address TEXT NOT NULL,
      chain TEXT NOT NULL,
      domain TEXT NOT NULL,
      message TEXT NOT NULL,
      signature TEXT NOT NULL,
      issued_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL,
      revoked_at BIGINT
    )`,
    'CREATE INDEX siwx_sessions_account ON siwx_sessions (project_id, address)',
  ],
}
