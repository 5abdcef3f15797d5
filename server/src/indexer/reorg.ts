import type { Block } from 'viem'
import type { Chain } from '../chains/index.js'
import type { Database, Statement } from '../storage/index.js'
import { ReorgTooDeepError } from './errors.js'

/**
 * Hashes of this many of the most recently indexed blocks are kept per
 * chain: a re-org deeper than this (below the confirmation depth on top)
 * cannot be matched and fails the step loudly instead of guessing.
 */
export const KEPT_BLOCK_HASHES = 512

/** Blocks compared per round trip while looking for where the chains part. */
const WALK_STEP = 32

/** The stored hash of each indexed block in `from..to` (those still kept). */
export async function storedHashes(
  db: Database,
  chain: string,
  from: bigint,
  to: bigint,
): Promise<Map<bigint, string>> {
  const rows = await db.query<{ number: number | string; hash: string }>(
    'SELECT number, hash FROM indexer_blocks WHERE chain = ? AND number >= ? AND number <= ?',
    [chain, Number(from), Number(to)],
  )
  return new Map(rows.map((r) => [BigInt(r.number), r.hash]))
}

/** Stores the hashes of a range's last blocks and forgets those that fell out of the kept window. */
export function blockHashStatements(chain: string, blocks: Block<bigint, true>[]): Statement[] {
  const last = blocks.at(-1)
  if (!last) return []
  const floor = last.number! - BigInt(KEPT_BLOCK_HASHES) + 1n
  const statements: Statement[] = blocks
    .filter((b) => b.number! >= floor)
    .map((b) => ({
      sql: `INSERT INTO indexer_blocks (chain, number, hash, parent_hash) VALUES (?, ?, ?, ?)
            ON CONFLICT (chain, number) DO UPDATE SET hash = excluded.hash, parent_hash = excluded.parent_hash`,
      params: [chain, Number(b.number), b.hash!, b.parentHash],
    }))
  statements.push({
    sql: 'DELETE FROM indexer_blocks WHERE chain = ? AND number < ?',
    params: [chain, Number(floor)],
  })
  return statements
}

/**
 * The first block of our stored chain the node no longer has: walks down
 * from `top` comparing stored hashes with the node's, a batch of blocks per
 * round trip, and gives the block after the highest one both agree on
 * (`fromBlock` when they agree on none down to the start).
 */
export async function findForkPoint(
  db: Database,
  chain: Chain,
  top: bigint,
  fromBlock: bigint,
): Promise<bigint> {
  const id = chain.caipNetworkId
  const head = await chain.client.getBlockNumber({ cacheTime: 0 })
  for (let hi = top; hi >= fromBlock; hi -= BigInt(WALK_STEP)) {
    const lo = hi - BigInt(WALK_STEP) + 1n > fromBlock ? hi - BigInt(WALK_STEP) + 1n : fromBlock
    const stored = await storedHashes(db, id, lo, hi)
    const numbers: bigint[] = []
    for (let n = hi; n >= lo; n--) if (n <= head) numbers.push(n)
    const blocks = await Promise.all(numbers.map((blockNumber) => chain.client.getBlock({ blockNumber })))
    const onChain = new Map(blocks.map((b) => [b.number!, b.hash]))
    for (let n = hi; n >= lo; n--) {
      const mine = stored.get(n)
      if (mine === undefined)
        throw new ReorgTooDeepError(
          `chain ${id} re-organised below block ${n + 1n}, past the ${KEPT_BLOCK_HASHES} block hashes kept: re-index from an earlier block`,
        )
      if (onChain.get(n) === mine) return n + 1n
    }
  }
  return fromBlock
}

/**
 * Removes everything indexed from block `fork` on (transactions, transfers,
 * account entries, block hashes) and moves the cursor back to `fork`, in the
 * caller's transaction; the cursor moves only from `cursorWas` (compare-and-set).
 */
export async function rollbackStatements(
  db: Database,
  chain: string,
  fork: bigint,
  cursorWas: bigint,
): Promise<Statement[]> {
  // Account entries are keyed by account: find them through the orphaned transfers (indexed by hash).
  const orphaned = await db.query<{ tx_hash: string; from_addr: string; to_addr: string }>(
    `SELECT t.tx_hash, t.from_addr, t.to_addr FROM transfers t
     WHERE t.chain = ? AND t.tx_hash IN (SELECT tx_hash FROM txs WHERE chain = ? AND block_number >= ?)`,
    [chain, chain, Number(fork)],
  )
  // ERC-1155 movements add account entries without a `transfers` row.
  orphaned.push(
    ...(await db.query<{ tx_hash: string; from_addr: string; to_addr: string }>(
      `SELECT tx_hash, from_addr, to_addr FROM nft_transfers
       WHERE chain = ? AND block_number >= ? AND standard = 'erc1155'`,
      [chain, Number(fork)],
    )),
  )
  const statements: Statement[] = []
  const seen = new Set<string>()
  for (const r of orphaned) {
    for (const account of [r.from_addr, r.to_addr]) {
      const key = `${account}|${r.tx_hash}`
      if (seen.has(key)) continue
      seen.add(key)
      statements.push({
        sql: 'DELETE FROM account_txs WHERE account = ? AND chain = ? AND tx_hash = ?',
        params: [account, chain, r.tx_hash],
      })
    }
  }
  statements.push(
    {
      sql: `DELETE FROM transfers WHERE chain = ? AND tx_hash IN
              (SELECT tx_hash FROM txs WHERE chain = ? AND block_number >= ?)`,
      params: [chain, chain, Number(fork)],
    },
    { sql: 'DELETE FROM txs WHERE chain = ? AND block_number >= ?', params: [chain, Number(fork)] },
    { sql: 'DELETE FROM nft_transfers WHERE chain = ? AND block_number >= ?', params: [chain, Number(fork)] },
    { sql: 'DELETE FROM indexer_blocks WHERE chain = ? AND number >= ?', params: [chain, Number(fork)] },
    {
      sql: 'UPDATE indexer_cursors SET next_block = ?, updated_at = ? WHERE chain = ? AND next_block = ?',
      params: [Number(fork), Date.now(), chain, Number(cursorWas)],
      expectChanges: 1,
    },
  )
  return statements
}
