import type { Migration } from '../../storage/migrations.js'

/**
 * The recovery share of each wallet, encrypted by the signer frame under a
 * key derived from the visitor's passphrase (the gateway never sees the
 * passphrase or the share), and sealed again at rest under the gateway's key.
 * `failures` counts releases not followed by a confirmed unlock; at the
 * limit the row is locked until `locked_until`.
 */
export const AUTH_RECOVERY_MIGRATION: Migration = {
  version: 12,
  name: 'embedded wallet recovery share',
  statements: [
    `CREATE TABLE auth_recovery (
      email TEXT PRIMARY KEY,
      address TEXT NOT NULL,
      ciphertext TEXT NOT NULL,
      failures INTEGER NOT NULL,
      locked_until BIGINT,
      created_at BIGINT NOT NULL
    )`,
  ],
}
