import type { Migration } from '../../storage/migrations.js'

/**
 * Social login: pending authorization requests (state stored as a MAC, the
 * nonce and PKCE challenge with it, single-use) and, on sessions, how the
 * visitor logged in and the name to show (the `email` column holds the
 * account subject: the address for email logins, `provider:sub` otherwise).
 */
export const AUTH_SOCIAL_MIGRATION: Migration = {
  version: 13,
  name: 'embedded wallet social login',
  statements: [
    `CREATE TABLE auth_social_states (
      state_hash TEXT PRIMARY KEY,
      provider TEXT NOT NULL,
      project_id TEXT NOT NULL,
      nonce TEXT NOT NULL,
      code_challenge TEXT NOT NULL,
      expires_at BIGINT NOT NULL
    )`,
    'CREATE INDEX auth_social_states_expires ON auth_social_states (expires_at)',
    'ALTER TABLE auth_sessions ADD COLUMN method TEXT',
    'ALTER TABLE auth_sessions ADD COLUMN label TEXT',
  ],
}
