import type { Migration } from '../storage/migrations.js'

/**
 * Issue 29 hardening of the auth rooms:
 * - `auth_key_exports` becomes the audit of every auth-share release: `purpose`
 *   is 'sign' or 'export' (NULL rows are exports from before);
 * - `auth_code_failures` counts wrong codes per account across codes, so a new
 *   code does not give a guesser a fresh set of tries.
 */
export const AUTH_HARDENING_MIGRATION: Migration = {
  version: 17,
  name: 'embedded wallet share audit, per-account code failures',
  statements: [
    'ALTER TABLE auth_key_exports ADD COLUMN purpose TEXT',
    `CREATE TABLE auth_code_failures (
      email TEXT PRIMARY KEY,
      failures INTEGER NOT NULL,
      window_start BIGINT NOT NULL
    )`,
  ],
}
