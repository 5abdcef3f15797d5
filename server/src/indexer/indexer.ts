import type { FastifyBaseLogger } from 'fastify'
import type { Block, Log } from 'viem'
import type { Chain, ChainRegistry } from '../chains/index.js'
import { DEFAULT_CONFIRMATIONS, isDevnetNetwork } from '../config/index.js'
import type { Metrics } from '../http/metrics.js'
import { nftStatements, TRANSFER_BATCH_TOPIC, TRANSFER_SINGLE_TOPIC } from '../nfts/rows.js'
import { BatchConditionError, type Database, type Statement } from '../storage/index.js'
import { ChainDisagreementError, ProviderRangeError } from './errors.js'
import { type Leadership, singleInstanceLeadership } from './leader.js'
import { blockHashStatements, findForkPoint, rollbackStatements, storedHashes } from './reorg.js'
import { checkRange, TRANSFER_TOPIC, transferStatements } from './rows.js'
import { AdaptiveSpan } from './span.js'

interface ChainState {
  chain: Chain
  fromBlock: number
  confirmations: number
  pollIntervalMs: number
  /** Blocks per step, halved on provider errors and grown back. */
  span: AdaptiveSpan
  timer?: NodeJS.Timeout
  running?: Promise<void>
}

/** Per-chain indexer settings with their defaults applied (a devnet: from 0, no confirmations). */
export function indexerSettings(chain: Chain): {
  fromBlock: number
  confirmations: number
  batchBlocks: number
  pollIntervalMs: number
} {
  const c = chain.config.indexer ?? {}
  const devnet = isDevnetNetwork(chain.config)
  return {
    // Configuration validation refuses a real chain without fromBlock; 0 is the devnet default.
    fromBlock: c.fromBlock ?? 0,
    confirmations: c.confirmations ?? (devnet ? 0 : DEFAULT_CONFIRMATIONS),
    batchBlocks: c.batchBlocks ?? 100,
    pollIntervalMs: c.pollIntervalMs ?? 1000,
  }
}

/**
 * Follows the configured chains and writes native transfers and ERC-20 /
 * ERC-721 Transfer logs to the database. Each range of blocks is written in
 * one transaction together with the chain's cursor, so a restart resumes
 * exactly where the last commit ended: nothing is skipped or doubled.
 * With several instances on one PostgreSQL, only the chain's leader (an
 * advisory lock, see `Leadership`) indexes it, and the cursor only moves by
 * compare-and-set from the value the step started at: a former leader that
 * has not noticed yet cannot rewrite or double a range.
 *
 * Re-orgs: only blocks `confirmations` deep are read; the hashes of the last
 * indexed blocks are stored, and each range must continue the stored chain
 * (its first block's parent hash). When it does not, the indexer finds the
 * last block both chains share, deletes the rows of the orphaned blocks and
 * the cursor moves back there, in one transaction; the next steps index the
 * new blocks. Blocks and logs that disagree fail the step (logged, retried),
 * never skipped; a provider that refuses a range gets smaller ranges.
 */
export class HistoryIndexer {
  readonly #states: ChainState[]
  #stopped = true

  constructor(
    private readonly db: Database,
    chains: ChainRegistry,
    private readonly log: FastifyBaseLogger,
    private readonly metrics: Metrics,
    /** Who may index which chain; by default this process alone (one instance, or SQLite). */
    readonly leadership: Leadership = singleInstanceLeadership(),
  ) {
    this.#states = chains
      .all()
      .filter((c) => c.config.indexer?.enabled)
      .map((chain) => {
        const { batchBlocks, ...settings } = indexerSettings(chain)
        return {
          chain,
          ...settings,
          span: new AdaptiveSpan(batchBlocks, Math.max(settings.pollIntervalMs, 250)),
        }
      })
  }

  get chains(): string[] {
    return this.#states.map((s) => s.chain.caipNetworkId)
  }

  start(): void {
    if (!this.#stopped) return
    this.#stopped = false
    for (const s of this.#states) this.#schedule(s, 0)
  }

  async stop(): Promise<void> {
    this.#stopped = true
    for (const s of this.#states) clearTimeout(s.timer)
    // A step's own failure was already logged where it ran; here only its end matters.
    await Promise.all(this.#states.map((s) => s.running?.catch(() => undefined)))
    await this.leadership.release()
  }

  /** The next block the indexer will read on a chain (everything below it is stored). */
  async cursor(caipNetworkId: string): Promise<bigint | undefined> {
    const rows = await this.db.query<{ next_block: number }>(
      'SELECT next_block FROM indexer_cursors WHERE chain = ?',
      [caipNetworkId],
    )
    return rows[0] ? BigInt(rows[0].next_block) : undefined
  }

  /** Resolves once every block up to `block` on the chain is stored (tests, demo). */
  async waitFor(caipNetworkId: string, block: bigint, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs
    while (Date.now() < deadline) {
      const c = await this.cursor(caipNetworkId)
      if (c !== undefined && c > block) return
      await new Promise((r) => setTimeout(r, 20))
    }
    throw new Error(`indexer did not reach block ${block} on ${caipNetworkId} in ${timeoutMs} ms`)
  }

  #schedule(s: ChainState, delay: number) {
    if (this.#stopped) return
    s.timer = setTimeout(() => {
      s.running = this.#tick(s)
        .then((more) => this.#schedule(s, more ? 0 : s.pollIntervalMs))
        .catch((error) => {
          const chain = s.chain.caipNetworkId
          let wait: number
          if (error instanceof ProviderRangeError) {
            wait = s.span.providerFailed()
            this.log.warn(
              { err: error, chain, rangeBlocks: s.span.blocks, retryInMs: wait },
              'provider failed the block range; retrying with a smaller range',
            )
            this.metrics.setGauge(
              'portico_indexer_range_blocks',
              'Blocks the indexer reads per step now (halved on provider errors).',
              { chain },
              s.span.blocks,
            )
          } else {
            wait = s.span.otherFailure()
            const disagreement = error instanceof ChainDisagreementError
            this.log.warn(
              { err: error, chain, retryInMs: wait, ...(disagreement ? { block: Number(error.block) } : {}) },
              'indexer step failed; retrying',
            )
          }
          this.metrics.inc('portico_indexer_errors_total', 'Indexer steps that failed.', { chain })
          this.#schedule(s, wait)
        })
    }, delay)
  }

  /** Indexes one range; returns true when more blocks are already waiting. */
  async #tick(s: ChainState): Promise<boolean> {
    const { chain } = s
    const id = chain.caipNetworkId
    const leading = await this.leadership.acquire(id)
    this.metrics.setGauge(
      'portico_indexer_leader',
      'Whether this instance indexes the chain (1) or another instance does (0).',
      { chain: id },
      leading ? 1 : 0,
    )
    if (!leading) return false
    const stored = await this.cursor(id)
    const start = BigInt(s.fromBlock)
    const from = stored ?? start
    const head = await chain.client.getBlockNumber({ cacheTime: 0 })
    // Only blocks with `confirmations` blocks on top are indexed: shallower re-orgs never reach the history.
    const safe = head - BigInt(s.confirmations)
    const parent =
      stored !== undefined && from > start
        ? (await storedHashes(this.db, id, from - 1n, from - 1n)).get(from - 1n)
        : undefined
    if (from > safe) {
      // Nothing new to read; the last indexed block may still have been replaced (or the chain got shorter).
      if (
        parent !== undefined &&
        (from - 1n > head || (await chain.client.getBlock({ blockNumber: from - 1n })).hash !== parent)
      )
        await this.#rollBack(s, from)
      return false
    }
    const to = safe < from + BigInt(s.span.blocks) - 1n ? safe : from + BigInt(s.span.blocks) - 1n
    const numbers: bigint[] = []
    for (let n = from; n <= to; n++) numbers.push(n)
    let blocks: Block<bigint, true>[]
    let logs: Log[]
    try {
      // One HTTP round trip: the transport batches these JSON-RPC calls.
      ;[blocks, logs] = await Promise.all([
        Promise.all(
          numbers.map((blockNumber) => chain.client.getBlock({ blockNumber, includeTransactions: true })),
        ),
        chain.client.request({
          method: 'eth_getLogs',
          params: [
            {
              fromBlock: `0x${from.toString(16)}`,
              toBlock: `0x${to.toString(16)}`,
              // ERC-20/721 Transfer and ERC-1155 TransferSingle/TransferBatch (NFT holdings).
              topics: [[TRANSFER_TOPIC, TRANSFER_SINGLE_TOPIC, TRANSFER_BATCH_TOPIC]],
            },
          ],
        }) as Promise<Log[]>,
      ])
    } catch (error) {
      throw new ProviderRangeError(from, to, error)
    }
    if (this.#stopped) return false
    if (parent !== undefined && blocks[0]!.parentHash !== parent) {
      // The block we indexed last is not the parent of the next one: the chain re-organised under us.
      await this.#rollBack(s, from)
      return true
    }
    checkRange(from, blocks, logs)
    const statements = await transferStatements(this.db, chain, blocks, logs)
    statements.push(...nftStatements(id, logs))
    statements.push(...blockHashStatements(id, blocks))
    // Compare-and-set: the range commits only if the cursor is still where this step read it.
    statements.push(
      stored === undefined
        ? {
            sql: `INSERT INTO indexer_cursors (chain, next_block, updated_at) VALUES (?, ?, ?)
                  ON CONFLICT (chain) DO NOTHING`,
            params: [id, Number(to + 1n), Date.now()],
            expectChanges: 1,
          }
        : {
            sql: 'UPDATE indexer_cursors SET next_block = ?, updated_at = ? WHERE chain = ? AND next_block = ?',
            params: [Number(to + 1n), Date.now(), id, Number(from)],
            expectChanges: 1,
          },
    )
    if (!(await this.#commit(id, from, statements))) return false
    s.span.succeeded(numbers.length)
    this.metrics.setGauge(
      'portico_indexer_next_block',
      'Next block the indexer will read.',
      { chain: id },
      Number(to + 1n),
    )
    this.metrics.setGauge(
      'portico_indexer_range_blocks',
      'Blocks the indexer reads per step now (halved on provider errors).',
      { chain: id },
      s.span.blocks,
    )
    return to < safe
  }

  /** Commits a step's statements; false when another leader moved the cursor meanwhile. */
  async #commit(id: string, from: bigint, statements: Statement[]): Promise<boolean> {
    try {
      await this.db.batch(statements)
      return true
    } catch (error) {
      if (error instanceof BatchConditionError && error.index === statements.length - 1) {
        this.log.warn(
          { chain: id, from: Number(from) },
          'indexer cursor moved meanwhile (another leader); range not written',
        )
        return false
      }
      throw error
    }
  }

  /** The chain re-organised below `cursor`: removes the orphaned blocks' rows; the next steps read the new ones. */
  async #rollBack(s: ChainState, cursor: bigint): Promise<void> {
    const id = s.chain.caipNetworkId
    const fork = await findForkPoint(this.db, s.chain, cursor - 1n, BigInt(s.fromBlock))
    const statements = await rollbackStatements(this.db, id, fork, cursor)
    if (!(await this.#commit(id, cursor, statements))) return
    this.log.warn(
      { chain: id, fromBlock: Number(fork), toBlock: Number(cursor - 1n), depth: Number(cursor - fork) },
      'chain re-organised: orphaned blocks rolled back, re-indexing',
    )
    this.metrics.inc('portico_indexer_reorgs_total', 'Re-orgs the indexer rolled back.', { chain: id })
    this.metrics.inc(
      'portico_indexer_reorg_blocks_total',
      'Blocks rolled back because of re-orgs.',
      { chain: id },
      Number(cursor - fork),
    )
  }
}
