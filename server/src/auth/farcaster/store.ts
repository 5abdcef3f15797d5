import type { Migration } from '../../storage/migrations.js'

/**
 * Sign In With Farcaster: the channels this gateway opened (the relay's
 * channel token stored as a MAC), each with the nonce and domain the signed
 * message must carry. A row is deleted when its result is read, so a nonce
 * signs in once.
 */
export const AUTH_FARCASTER_MIGRATION: Migration = {
  version: 14,
  name: 'embedded wallet farcaster login',
  statements: [
    `CREATE TABLE auth_farcaster_channels (
      channel_hash TEXT PRIMARY KEY,
      project_id TEXT NOT NULL,
      nonce TEXT NOT NULL,
      domain TEXT NOT NULL,
      uri TEXT NOT NULL,
      expires_at BIGINT NOT NULL
    )`,
    'CREATE INDEX auth_farcaster_channels_expires ON auth_farcaster_channels (expires_at)',
  ],
}
