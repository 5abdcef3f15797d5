import type { Migration } from '../storage/migrations.js'

/**
 * NFT transfers (ERC-721 Transfer, ERC-1155 TransferSingle and every item of
 * a TransferBatch), one row per item; holdings are the sums per token id.
 * `block_number` lets a re-org delete the orphaned rows.
 */
export const NFT_MIGRATION: Migration = {
  version: 11,
  name: 'nft transfers',
  statements: [
    `CREATE TABLE nft_transfers (
      chain TEXT NOT NULL,
      tx_hash TEXT NOT NULL,
      log_index INTEGER NOT NULL,
      item INTEGER NOT NULL,
      block_number BIGINT NOT NULL,
      standard TEXT NOT NULL,
      token TEXT NOT NULL,
      token_id TEXT NOT NULL,
      from_addr TEXT NOT NULL,
      to_addr TEXT NOT NULL,
      amount TEXT NOT NULL,
      PRIMARY KEY (chain, tx_hash, log_index, item)
    )`,
    'CREATE INDEX nft_transfers_to ON nft_transfers (to_addr, chain)',
    'CREATE INDEX nft_transfers_from ON nft_transfers (from_addr, chain)',
    'CREATE INDEX nft_transfers_block ON nft_transfers (chain, block_number)',
  ],
}

/** History reads a page's NFT movements by transaction hash (ERC-1155 items in Activity). */
export const NFT_HISTORY_MIGRATION: Migration = {
  version: 16,
  name: 'nft transfers by transaction',
  statements: ['CREATE INDEX nft_transfers_tx ON nft_transfers (tx_hash)'],
}
