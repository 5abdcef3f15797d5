import { randomBytes } from 'node:crypto'
// From the storage modules directly: the migrations list imports this file (no import cycle).
import type { Migration } from '../storage/migrations.js'
import { BatchConditionError, type Database, isUniqueViolation, type Statement } from '../storage/types.js'

/**
 * Payments a site asked for, and the webhook deliveries announcing them. A payment's transaction
 * is unique per network (`payments_tx`): one transaction never settles two payments. A delivery is
 * unique per (payment, event): settling twice queues one webhook. Deliveries are jobs in the
 * database, so a gateway that restarts (or another instance) carries on with them.
 */
export const PAYMENTS_MIGRATION: Migration = {
  version: 28,
  name: 'payments and their webhooks',
  statements: [
    `CREATE TABLE payments (
      id TEXT PRIMARY KEY,
      project_id TEXT NOT NULL,
      reference TEXT,
      request_digest TEXT NOT NULL,
      network TEXT NOT NULL,
      recipient TEXT NOT NULL,
      asset TEXT NOT NULL,
      amount TEXT NOT NULL,
      confirmations INTEGER NOT NULL,
      status TEXT NOT NULL,
      tx_hash TEXT,
      payer TEXT,
      paid_amount TEXT,
      block_number BIGINT,
      created BIGINT NOT NULL,
      updated BIGINT NOT NULL,
      settled_at BIGINT
    )`,
    'CREATE UNIQUE INDEX payments_reference ON payments (project_id, reference)',
    'CREATE UNIQUE INDEX payments_tx ON payments (network, tx_hash)',
    'CREATE INDEX payments_open ON payments (status, updated)',
    `CREATE TABLE payment_webhooks (
      delivery_id TEXT PRIMARY KEY,
      payment_id TEXT NOT NULL,
      project_id TEXT NOT NULL,
      event TEXT NOT NULL,
      body TEXT NOT NULL,
      state TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      next_at BIGINT NOT NULL,
      owner TEXT,
      last_status INTEGER,
      last_error TEXT,
      created BIGINT NOT NULL,
      updated BIGINT NOT NULL
    )`,
    'CREATE UNIQUE INDEX payment_webhooks_event ON payment_webhooks (payment_id, event)',
    'CREATE INDEX payment_webhooks_due ON payment_webhooks (state, next_at)',
  ],
}

/** `pending`: no transaction yet; `confirming`: a verified one, short of the confirmations asked; `paid`. */
export type PaymentStatus = 'pending' | 'confirming' | 'paid'

export interface Payment {
  id: string
  projectId: string
  reference: string | null
  requestDigest: string
  /** CAIP-2 network. */
  network: string
  /** Lower-case address. */
  recipient: string
  /** `native` or a lower-case token contract address. */
  asset: string
  /** Asked amount in the asset's base units (integer string). */
  amount: string
  confirmations: number
  status: PaymentStatus
  txHash: string | null
  payer: string | null
  /** What the transaction paid the recipient, base units. */
  paidAmount: string | null
  blockNumber: number | null
  created: number
  updated: number
  settledAt: number | null
}

interface Row {
  id: string
  project_id: string
  reference: string | null
  request_digest: string
  network: string
  recipient: string
  asset: string
  amount: string
  confirmations: number | string
  status: PaymentStatus
  tx_hash: string | null
  payer: string | null
  paid_amount: string | null
  block_number: number | string | null
  created: number | string
  updated: number | string
  settled_at: number | string | null
}

const num = (v: number | string | null) => (v === null ? null : Number(v))
const fromRow = (r: Row): Payment => ({
  id: r.id,
  projectId: r.project_id,
  reference: r.reference,
  requestDigest: r.request_digest,
  network: r.network,
  recipient: r.recipient,
  asset: r.asset,
  amount: r.amount,
  confirmations: Number(r.confirmations),
  status: r.status,
  txHash: r.tx_hash,
  payer: r.payer,
  paidAmount: r.paid_amount,
  blockNumber: num(r.block_number),
  created: Number(r.created),
  updated: Number(r.updated),
  settledAt: num(r.settled_at),
})

/** A transaction the chain confirmed as paying a payment. */
export interface VerifiedTransfer {
  hash: string
  payer: string
  paidAmount: string
  blockNumber: number
}

export type NewPayment = Omit<
  Payment,
  'status' | 'txHash' | 'payer' | 'paidAmount' | 'blockNumber' | 'updated' | 'settledAt'
>

/** The webhook a settled payment queues; `body` is the exact JSON that is signed and sent. */
export interface WebhookJob {
  deliveryId: string
  paymentId: string
  projectId: string
  event: string
  body: string
  attempts: number
  nextAt: number
}

export class PaymentStore {
  constructor(private readonly db: Database) {}

  static newId(): string {
    return `pay_${randomBytes(16).toString('hex')}`
  }

  /** Inserts the payment; `false` when the project already has one with this reference. */
  async create(p: NewPayment): Promise<boolean> {
    try {
      await this.db.batch([
        {
          sql: `INSERT INTO payments (id, project_id, reference, request_digest, network, recipient, asset, amount,
              confirmations, status, created, updated)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)`,
          params: [
            p.id,
            p.projectId,
            p.reference,
            p.requestDigest,
            p.network,
            p.recipient,
            p.asset,
            p.amount,
            p.confirmations,
            p.created,
            p.created,
          ],
        },
      ])
      return true
    } catch (error) {
      if (p.reference !== null && isUniqueViolation(error)) return false
      throw error
    }
  }

  async get(projectId: string, id: string): Promise<Payment | undefined> {
    const rows = await this.db.query<Row>('SELECT * FROM payments WHERE id = ? AND project_id = ?', [
      id,
      projectId,
    ])
    return rows[0] ? fromRow(rows[0]) : undefined
  }

  async byReference(projectId: string, reference: string): Promise<Payment | undefined> {
    const rows = await this.db.query<Row>('SELECT * FROM payments WHERE project_id = ? AND reference = ?', [
      projectId,
      reference,
    ])
    return rows[0] ? fromRow(rows[0]) : undefined
  }

  /** The payment (of any project) that holds this transaction, if one does. */
  async byTransaction(network: string, hash: string): Promise<Payment | undefined> {
    const rows = await this.db.query<Row>('SELECT * FROM payments WHERE network = ? AND tx_hash = ?', [
      network,
      hash,
    ])
    return rows[0] ? fromRow(rows[0]) : undefined
  }

  /** Payments not settled yet, least recently checked first. */
  async open(limit: number): Promise<Payment[]> {
    const rows = await this.db.query<Row>(
      "SELECT * FROM payments WHERE status <> 'paid' ORDER BY updated LIMIT ?",
      [limit],
    )
    return rows.map(fromRow)
  }

  /**
   * Records a verified transaction on a pending payment (and, when it has enough confirmations,
   * settles it and queues its webhook in the same transaction). 'taken': another payment holds
   * the transaction; 'lost': the payment is no longer pending (another request recorded one).
   */
  async attach(
    p: Payment,
    t: VerifiedTransfer,
    settled: WebhookJob | undefined,
    now = Date.now(),
  ): Promise<'ok' | 'taken' | 'lost'> {
    const statements: Statement[] = [
      {
        sql: `UPDATE payments SET status = ?, tx_hash = ?, payer = ?, paid_amount = ?, block_number = ?, updated = ?,
            settled_at = ? WHERE id = ? AND status = 'pending'`,
        params: [
          settled ? 'paid' : 'confirming',
          t.hash,
          t.payer,
          t.paidAmount,
          t.blockNumber,
          now,
          settled ? now : null,
          p.id,
        ],
        expectChanges: 1,
      },
      ...(settled ? [enqueueStatement(settled, now)] : []),
    ]
    try {
      await this.db.batch(statements)
      return 'ok'
    } catch (error) {
      if (isUniqueViolation(error)) return 'taken'
      if (error instanceof BatchConditionError) return 'lost'
      throw error
    }
  }

  /** A confirming payment reached its confirmations: paid, and its webhook queued, once. */
  async settle(p: Payment, job: WebhookJob | undefined, now = Date.now()): Promise<boolean> {
    try {
      await this.db.batch([
        {
          sql: "UPDATE payments SET status = 'paid', settled_at = ?, updated = ? WHERE id = ? AND status = 'confirming' AND tx_hash = ?",
          params: [now, now, p.id, p.txHash],
          expectChanges: 1,
        },
        ...(job ? [enqueueStatement(job, now)] : []),
      ])
      return true
    } catch (error) {
      if (error instanceof BatchConditionError) return false
      throw error
    }
  }

  /** The confirming payment's transaction left the chain (a re-org): pending again. */
  async detach(p: Payment, now = Date.now()): Promise<boolean> {
    const [changed] = await this.db.batch([
      {
        sql: `UPDATE payments SET status = 'pending', tx_hash = NULL, payer = NULL, paid_amount = NULL,
            block_number = NULL, updated = ? WHERE id = ? AND status = 'confirming' AND tx_hash = ?`,
        params: [now, p.id, p.txHash],
      },
    ])
    return changed === 1
  }

  /** Marks an open payment as checked now (the watcher visits the others first next time). */
  async touch(p: Payment, now = Date.now()): Promise<void> {
    await this.db.batch([
      { sql: "UPDATE payments SET updated = ? WHERE id = ? AND status <> 'paid'", params: [now, p.id] },
    ])
  }
}

function enqueueStatement(job: WebhookJob, now: number): Statement {
  return {
    sql: `INSERT INTO payment_webhooks (delivery_id, payment_id, project_id, event, body, state, attempts, next_at,
        created, updated) VALUES (?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?)`,
    params: [job.deliveryId, job.paymentId, job.projectId, job.event, job.body, now, now, now],
  }
}
