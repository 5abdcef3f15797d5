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

/**
 * Issue 29, "no page can reach a key":
 * - `auth_recovery.verifier`: an HMAC of the passphrase verifier the frame
 *   derives (SHA-256 over a tag and the PBKDF2 key); the recovery share is
 *   released only to a matching proof. NULL for wallets stored before: they
 *   keep the counted release until the visitor's next unlock adds one.
 * - `auth_farcaster_channels.exchange_hash`: the MAC of the key only the
 *   frame that started the sign-in holds (the deep link the page shows
 *   carries the relay's channel token).
 */
export const AUTH_PROOF_MIGRATION: Migration = {
  version: 18,
  name: 'embedded wallet recovery verifier, farcaster exchange key',
  statements: [
    'ALTER TABLE auth_recovery ADD COLUMN verifier TEXT',
    'ALTER TABLE auth_farcaster_channels ADD COLUMN exchange_hash TEXT',
  ],
}
