// From the types module directly: the migrations list imports this file (no import cycle).
import type { Migration } from '../../storage/migrations.js'
import { BatchConditionError, type Database, isUniqueViolation } from '../../storage/types.js'

/**
 * Sandbox payouts as jobs in the database, so any instance resumes one whose instance died. A job
 * is `queued` (nothing signed), then `signed` (the transfer is signed and recorded with its nonce
 * and hash *before* it is sent), then `done`. Whoever resumes a signed job sends the very same
 * signed transfer again: the node takes it once, so the wallet is paid once. The unique nonce per
 * (chain, sender) keeps two instances from signing two transfers with one nonce.
 */
export const ONRAMP_SETTLEMENT_MIGRATION: Migration = {
  version: 26,
  name: 'onramp sandbox settlements',
  statements: [
    `CREATE TABLE onramp_settlements (
      order_id TEXT PRIMARY KEY,
      chain TEXT NOT NULL,
      sender TEXT NOT NULL,
      state TEXT NOT NULL,
      owner TEXT,
      lease_until BIGINT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      nonce BIGINT,
      raw_tx TEXT,
      tx_hash TEXT,
      created BIGINT NOT NULL,
      updated BIGINT NOT NULL
    )`,
    'CREATE UNIQUE INDEX onramp_settlements_nonce ON onramp_settlements (chain, sender, nonce)',
    'CREATE INDEX onramp_settlements_due ON onramp_settlements (state, lease_until)',
  ],
}

export type SettlementState = 'queued' | 'signed' | 'done'

export interface Settlement {
  orderId: string
  chain: string
  sender: string
  state: SettlementState
  owner: string | null
  leaseUntil: number
  attempts: number
  nonce: number | null
  rawTx: string | null
  txHash: string | null
}

interface Row {
  order_id: string
  chain: string
  sender: string
  state: SettlementState
  owner: string | null
  lease_until: number | string
  attempts: number | string
  nonce: number | string | null
  raw_tx: string | null
  tx_hash: string | null
}

const fromRow = (r: Row): Settlement => ({
  orderId: r.order_id,
  chain: r.chain,
  sender: r.sender,
  state: r.state,
  owner: r.owner,
  leaseUntil: Number(r.lease_until),
  attempts: Number(r.attempts),
  nonce: r.nonce === null ? null : Number(r.nonce),
  rawTx: r.raw_tx,
  txHash: r.tx_hash,
})

export class SettlementStore {
  constructor(private readonly db: Database) {}

  /**
   * Moves the order from `confirmation` to `funding` and queues its payout, in one transaction:
   * false when the order was not in `confirmation` (a second confirm), and then nothing is queued.
   */
  async enqueue(orderId: string, chain: string, sender: string, now = Date.now()): Promise<boolean> {
    try {
      await this.db.batch([
        {
          sql: "UPDATE onramp_orders SET stage = 'funding', updated = ? WHERE id = ? AND stage = 'confirmation'",
          params: [now, orderId],
          expectChanges: 1,
        },
        {
          sql: `INSERT INTO onramp_settlements (order_id, chain, sender, state, owner, lease_until, attempts, created, updated)
            VALUES (?, ?, ?, 'queued', NULL, 0, 0, ?, ?)`,
          params: [orderId, chain, sender, now, now],
        },
      ])
      return true
    } catch (error) {
      if (error instanceof BatchConditionError || isUniqueViolation(error)) return false
      throw error
    }
  }

  async get(orderId: string): Promise<Settlement | undefined> {
    const rows = await this.db.query<Row>('SELECT * FROM onramp_settlements WHERE order_id = ?', [orderId])
    return rows[0] ? fromRow(rows[0]) : undefined
  }

  /** Jobs not done whose lease has run out (or never was taken), oldest first. */
  async due(now: number, limit: number): Promise<Settlement[]> {
    const rows = await this.db.query<Row>(
      "SELECT * FROM onramp_settlements WHERE state <> 'done' AND lease_until <= ? ORDER BY created LIMIT ?",
      [now, limit],
    )
    return rows.map(fromRow)
  }

  /** Takes the job for `leaseMs` if its lease is still the one seen: one instance wins. */
  async claim(job: Settlement, owner: string, now: number, leaseMs: number): Promise<boolean> {
    const [changed] = await this.db.batch([
      {
        sql: `UPDATE onramp_settlements SET owner = ?, lease_until = ?, attempts = attempts + 1, updated = ?
          WHERE order_id = ? AND state <> 'done' AND lease_until = ?`,
        params: [owner, now + leaseMs, now, job.orderId, job.leaseUntil],
      },
    ])
    return changed === 1
  }

  /** The next nonce not held by a signed, unfinished payout of this sender (at least `chainNonce`). */
  async nextNonce(chain: string, sender: string, chainNonce: number): Promise<number> {
    const [row] = await this.db.query<{ n: number | string | null }>(
      "SELECT MAX(nonce) AS n FROM onramp_settlements WHERE chain = ? AND sender = ? AND state = 'signed'",
      [chain, sender],
    )
    return row?.n === null || row?.n === undefined ? chainNonce : Math.max(chainNonce, Number(row.n) + 1)
  }

  /**
   * Records the signed transfer before it is sent (and its hash on the order). 'taken': another
   * payout holds that nonce; 'lost': the job is no longer this owner's queued job.
   */
  async recordSigned(
    job: Settlement,
    owner: string,
    signed: { nonce: number; raw: string; hash: string },
  ): Promise<'ok' | 'taken' | 'lost'> {
    const now = Date.now()
    try {
      await this.db.batch([
        {
          sql: `UPDATE onramp_settlements SET state = 'signed', nonce = ?, raw_tx = ?, tx_hash = ?, updated = ?
            WHERE order_id = ? AND owner = ? AND state = 'queued'`,
          params: [signed.nonce, signed.raw, signed.hash, now, job.orderId, owner],
          expectChanges: 1,
        },
        {
          sql: 'UPDATE onramp_orders SET tx_hash = ?, updated = ? WHERE id = ?',
          params: [signed.hash, now, job.orderId],
        },
      ])
      return 'ok'
    } catch (error) {
      if (isUniqueViolation(error)) return 'taken'
      if (error instanceof BatchConditionError) return 'lost'
      throw error
    }
  }

  /** Ends the job and the order, once: false when another instance finished it first. */
  async finish(orderId: string, ok: boolean, failureReason?: string): Promise<boolean> {
    const now = Date.now()
    try {
      await this.db.batch([
        {
          sql: "UPDATE onramp_settlements SET state = 'done', updated = ? WHERE order_id = ? AND state <> 'done'",
          params: [now, orderId],
          expectChanges: 1,
        },
        {
          sql: `UPDATE onramp_orders SET status = ?, stage = 'done', failure_reason = ?, updated = ?
            WHERE id = ? AND stage = 'funding'`,
          params: [ok ? 'completed' : 'failed', ok ? null : (failureReason ?? null), now, orderId],
        },
      ])
      return true
    } catch (error) {
      if (error instanceof BatchConditionError) return false
      throw error
    }
  }

  /** Gives the job back before its lease ends, to be retried at `at` (by any instance). */
  async release(orderId: string, owner: string, at: number): Promise<void> {
    await this.db.batch([
      {
        sql: "UPDATE onramp_settlements SET lease_until = ?, updated = ? WHERE order_id = ? AND owner = ? AND state <> 'done'",
        params: [at, Date.now(), orderId, owner],
      },
    ])
  }
}
