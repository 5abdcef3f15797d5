import type { FastifyBaseLogger } from 'fastify'
import { type Block, type Hex, hexToBigInt, type Log, type Transaction } from 'viem'
import type { Chain, ChainRegistry } from '../chains/index.js'
import type { Metrics } from '../http/metrics.js'
import { BatchConditionError, type Database, type Statement } from '../storage/index.js'
import { type Leadership, singleInstanceLeadership } from './leader.js'

/** keccak256("Transfer(address,address,uint256)") — ERC-20 (3 topics) and ERC-721 (4 topics). */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

const metaAbi = [
  { type: 'function', name: 'name', stateMutability: 'view', inputs: [], outputs: [{ type: 'string' }] },
  { type: 'function', name: 'symbol', stateMutability: 'view', inputs: [], outputs: [{ type: 'string' }] },
  { type: 'function', name: 'decimals', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint8' }] },
] as const

const pad = (n: number | bigint, width: number) => n.toString().padStart(width, '0')

/**
 * The order key of a transaction in an account's history: newest first when
 * sorted descending. Block time (ms), chain id, block number, index in block.
 */
export function sortKey(blockTimeMs: number, chainId: number, block: bigint, txIndex: number): string {
  return `${pad(blockTimeMs, 14)}.${pad(chainId, 12)}.${pad(block, 14)}.${pad(txIndex, 6)}`
}

const topicAddress = (topic: Hex | undefined) => `0x${(topic ?? '').slice(-40)}`.toLowerCase()

interface ChainState {
  chain: Chain
  fromBlock: number
  batchBlocks: number
  pollIntervalMs: number
  timer?: NodeJS.Timeout
  running?: Promise<void>
  nextBlock?: bigint
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
 * (Re-orgs are not handled: a node that re-orgs past the cursor needs a re-index.)
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
      .map((chain) => ({
        chain,
        fromBlock: chain.config.indexer?.fromBlock ?? 0,
        batchBlocks: chain.config.indexer?.batchBlocks ?? 100,
        pollIntervalMs: chain.config.indexer?.pollIntervalMs ?? 1000,
      }))
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
          this.log.warn({ err: error, chain: s.chain.caipNetworkId }, 'indexer step failed; retrying')
          this.metrics.inc('portico_indexer_errors_total', 'Indexer steps that failed.', {
            chain: s.chain.caipNetworkId,
          })
          this.#schedule(s, Math.max(s.pollIntervalMs, 500))
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
    const from = stored ?? BigInt(s.fromBlock)
    const head = await chain.client.getBlockNumber({ cacheTime: 0 })
    if (from > head) return false
    const to = head < from + BigInt(s.batchBlocks) - 1n ? head : from + BigInt(s.batchBlocks) - 1n
    const numbers: bigint[] = []
    for (let n = from; n <= to; n++) numbers.push(n)
    // One HTTP round trip: the transport batches these JSON-RPC calls.
    const [blocks, logs] = await Promise.all([
      Promise.all(
        numbers.map((blockNumber) => chain.client.getBlock({ blockNumber, includeTransactions: true })),
      ),
      chain.client.request({
        method: 'eth_getLogs',
        params: [
          { fromBlock: `0x${from.toString(16)}`, toBlock: `0x${to.toString(16)}`, topics: [TRANSFER_TOPIC] },
        ],
      }) as Promise<Log[]>,
    ])
    if (this.#stopped) return false
    const statements = await this.#statements(chain, blocks, logs)
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
    try {
      await this.db.batch(statements)
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
    this.metrics.setGauge(
      'portico_indexer_next_block',
      'Next block the indexer will read.',
      { chain: id },
      Number(to + 1n),
    )
    return to < head
  }

  async #statements(chain: Chain, blocks: Block<bigint, true>[], logs: Log[]): Promise<Statement[]> {
    const id = chain.caipNetworkId
    const txByHash = new Map<string, { tx: Transaction; block: Block<bigint, true> }>()
    for (const b of blocks) for (const tx of b.transactions) txByHash.set(tx.hash, { tx, block: b })

    interface Row {
      hash: string
      logIndex: number
      kind: 'native' | 'erc20' | 'erc721'
      token: string
      from: string
      to: string
      amount: string
      tokenId: string | null
    }
    const rows: Row[] = []
    // Native transfers: value-bearing transactions that succeeded.
    const valued = [...txByHash.values()].filter(({ tx }) => tx.value > 0n && tx.to)
    const receipts = await Promise.all(
      valued.map(({ tx }) => chain.client.getTransactionReceipt({ hash: tx.hash })),
    )
    const failed = new Set<string>()
    valued.forEach(({ tx }, i) => {
      if (receipts[i]?.status !== 'success') {
        failed.add(tx.hash)
        return
      }
      rows.push({
        hash: tx.hash,
        logIndex: -1,
        kind: 'native',
        token: 'native',
        from: tx.from.toLowerCase(),
        to: tx.to!.toLowerCase(),
        amount: tx.value.toString(),
        tokenId: null,
      })
    })
    for (const log of logs) {
      if (log.removed || !log.transactionHash || log.logIndex == null) continue
      // Raw eth_getLogs answers: quantities are hex strings.
      const logIndex = Number(log.logIndex)
      const topics = log.topics
      if (topics.length === 3 && log.data.length >= 66) {
        rows.push({
          hash: log.transactionHash,
          logIndex,
          kind: 'erc20',
          token: log.address.toLowerCase(),
          from: topicAddress(topics[1]),
          to: topicAddress(topics[2]),
          amount: hexToBigInt(log.data.slice(0, 66) as Hex).toString(),
          tokenId: null,
        })
      } else if (topics.length === 4) {
        rows.push({
          hash: log.transactionHash,
          logIndex,
          kind: 'erc721',
          token: log.address.toLowerCase(),
          from: topicAddress(topics[1]),
          to: topicAddress(topics[2]),
          amount: '1',
          tokenId: hexToBigInt(topics[3]!).toString(),
        })
      }
    }

    const statements: Statement[] = await this.#tokenMeta(chain, rows)
    const seenTx = new Set<string>()
    const seenAccount = new Set<string>()
    for (const r of rows) {
      const entry = txByHash.get(r.hash)
      if (!entry) continue
      const { tx, block } = entry
      const blockTime = Number(block.timestamp) * 1000
      const key = sortKey(blockTime, chain.chainId, block.number!, tx.transactionIndex ?? 0)
      if (!seenTx.has(r.hash)) {
        seenTx.add(r.hash)
        statements.push({
          sql: `INSERT INTO txs (chain, tx_hash, sort_key, block_number, block_time, from_addr, to_addr, status)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (chain, tx_hash) DO NOTHING`,
          params: [
            id,
            r.hash,
            key,
            Number(block.number),
            blockTime,
            tx.from.toLowerCase(),
            tx.to?.toLowerCase() ?? null,
            failed.has(r.hash) ? 'failed' : 'confirmed',
          ],
        })
      }
      statements.push({
        sql: `INSERT INTO transfers (chain, tx_hash, log_index, kind, token, from_addr, to_addr, amount, token_id)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (chain, tx_hash, log_index) DO NOTHING`,
        params: [id, r.hash, r.logIndex, r.kind, r.token, r.from, r.to, r.amount, r.tokenId],
      })
      for (const account of [r.from, r.to]) {
        const k = `${account}|${r.hash}`
        if (seenAccount.has(k)) continue
        seenAccount.add(k)
        statements.push({
          sql: `INSERT INTO account_txs (account, chain, tx_hash, sort_key) VALUES (?, ?, ?, ?)
                ON CONFLICT (account, chain, tx_hash) DO NOTHING`,
          params: [account, id, r.hash, key],
        })
      }
    }
    return statements
  }

  /** Stores name / symbol / decimals of tokens seen for the first time (one multicall). */
  async #tokenMeta(chain: Chain, rows: { kind: string; token: string }[]): Promise<Statement[]> {
    const tokens = new Map<string, string>()
    for (const r of rows) if (r.kind !== 'native') tokens.set(r.token, r.kind)
    if (tokens.size === 0) return []
    const addresses = [...tokens.keys()]
    const known = await this.db.query<{ address: string }>(
      `SELECT address FROM token_meta WHERE chain = ? AND address IN (${addresses.map(() => '?').join(', ')})`,
      [chain.caipNetworkId, ...addresses],
    )
    const have = new Set(known.map((k) => k.address))
    const missing = addresses.filter((a) => !have.has(a))
    if (missing.length === 0) return []
    const statements: Statement[] = []
    const configured = new Map(chain.tokens.map((t) => [t.address.toLowerCase(), t]))
    const unknown = missing.filter((a) => !configured.has(a))
    let results: readonly { status: string; result?: unknown }[] = []
    if (unknown.length > 0 && chain.config.multicall3) {
      results = await chain.client
        .multicall({
          multicallAddress: chain.config.multicall3 as Hex,
          allowFailure: true,
          batchSize: 0,
          contracts: unknown.flatMap((address) =>
            (['name', 'symbol', 'decimals'] as const).map((functionName) => ({
              address: address as Hex,
              abi: metaAbi,
              functionName,
            })),
          ),
        })
        .catch(() => [])
    }
    for (const address of missing) {
      const kind = tokens.get(address)!
      const c = configured.get(address)
      let name = c?.name ?? c?.symbol
      let symbol = c?.symbol
      let decimals = c?.decimals
      const i = unknown.indexOf(address)
      if (i >= 0) {
        const [n, sy, d] = [results[i * 3], results[i * 3 + 1], results[i * 3 + 2]]
        name = n?.status === 'success' ? String(n.result).slice(0, 100) : undefined
        symbol = sy?.status === 'success' ? String(sy.result).slice(0, 32) : undefined
        decimals = d?.status === 'success' ? Number(d.result) : undefined
      }
      statements.push({
        sql: `INSERT INTO token_meta (chain, address, kind, name, symbol, decimals) VALUES (?, ?, ?, ?, ?, ?)
              ON CONFLICT (chain, address) DO NOTHING`,
        params: [
          chain.caipNetworkId,
          address,
          kind,
          name ?? symbol ?? 'Unknown token',
          symbol ?? '???',
          kind === 'erc721' ? 0 : (decimals ?? 18),
        ],
      })
    }
    return statements
  }
}
