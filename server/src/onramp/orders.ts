import { randomBytes } from 'node:crypto'
import type { Database, Migration } from '../storage/index.js'
import type { StatusUpdate } from './types.js'

/**
 * An order's life: `pending` from the moment its URL is generated, until
 * `completed` (funds sent, `txHash` set) or `failed` (`failureReason`).
 * `stage` tells the sandbox checkout where the visitor is.
 */
export type OrderStatus = 'pending' | 'completed' | 'failed'
export type OrderStage = 'checkout' | 'confirmation' | 'funding' | 'done'

export interface OnrampOrder {
  id: string
  provider: string
  projectId: string
  partnerUserId: string
  /** Destination wallet, lower-case. */
  account: string
  /** CAIP-2 network of the destination. */
  chain: string
  asset: string
  paymentCurrency: string
  paymentMethod: string
  /** Fiat amount the visitor pays (total), when known. */
  paymentAmount: string | null
  /** Crypto amount the wallet receives, when known. */
  purchaseAmount: string | null
  status: OrderStatus
  stage: OrderStage
  txHash: string | null
  failureReason: string | null
  created: number
  updated: number
  /** The provider's own id of the transaction, once a webhook or a poll named it. */
  externalId: string | null
  /** The provider's time of the state stored (ms): older news never overwrites it. */
  providerUpdated: number | null
}

/** The onramp orders table (SQLite and PostgreSQL). */
export const ONRAMP_MIGRATION: Migration = {
  version: 7,
  name: 'onramp orders',
  statements: [
    `CREATE TABLE onramp_orders (
      id TEXT PRIMARY KEY,
      provider TEXT NOT NULL,
      project_id TEXT NOT NULL,
      partner_user_id TEXT NOT NULL,
      account TEXT NOT NULL,
      chain TEXT NOT NULL,
      asset TEXT NOT NULL,
      payment_currency TEXT NOT NULL,
      payment_method TEXT NOT NULL,
      payment_amount TEXT,
      purchase_amount TEXT,
      status TEXT NOT NULL,
      stage TEXT NOT NULL,
      tx_hash TEXT,
      failure_reason TEXT,
      created BIGINT NOT NULL,
      updated BIGINT NOT NULL
    )`,
    'CREATE INDEX onramp_orders_account ON onramp_orders (account, created)',
  ],
}

/**
 * Real providers' order status (webhooks, polling): the provider's id and time of the state stored,
 * and when the order is next due a status poll (NULL: never) with its back-off count.
 */
export const ONRAMP_STATUS_MIGRATION: Migration = {
  version: 25,
  name: 'onramp provider status',
  statements: [
    'ALTER TABLE onramp_orders ADD COLUMN external_id TEXT',
    'ALTER TABLE onramp_orders ADD COLUMN provider_updated BIGINT',
    'ALTER TABLE onramp_orders ADD COLUMN next_poll BIGINT',
    'ALTER TABLE onramp_orders ADD COLUMN poll_attempts INTEGER NOT NULL DEFAULT 0',
    'CREATE INDEX onramp_orders_poll ON onramp_orders (next_poll)',
  ],
}

interface Row {
  id: string
  provider: string
  project_id: string
  partner_user_id: string
  account: string
  chain: string
  asset: string
  payment_currency: string
  payment_method: string
  payment_amount: string | null
  purchase_amount: string | null
  status: OrderStatus
  stage: OrderStage
  tx_hash: string | null
  failure_reason: string | null
  created: number | string
  updated: number | string
  external_id: string | null
  provider_updated: number | string | null
  next_poll: number | string | null
  poll_attempts: number | string
}

const fromRow = (r: Row): OnrampOrder => ({
  id: r.id,
  provider: r.provider,
  projectId: r.project_id,
  partnerUserId: r.partner_user_id,
  account: r.account,
  chain: r.chain,
  asset: r.asset,
  paymentCurrency: r.payment_currency,
  paymentMethod: r.payment_method,
  paymentAmount: r.payment_amount,
  purchaseAmount: r.purchase_amount,
  status: r.status,
  stage: r.stage,
  txHash: r.tx_hash,
  failureReason: r.failure_reason,
  created: Number(r.created),
  updated: Number(r.updated),
  externalId: r.external_id,
  providerUpdated: r.provider_updated === null ? null : Number(r.provider_updated),
})

/** An order due a status poll, with its back-off state. */
export interface DueOrder {
  order: OnrampOrder
  nextPoll: number
  attempts: number
}

/** What a provider's update did to the order. */
export type UpdateOutcome = 'changed' | 'unchanged' | 'not_found'

/** Onramp orders in the gateway's database. Ids are 128-bit random: they are the checkout page's capability. */
export class OrderStore {
  constructor(private readonly db: Database) {}

  static newId(): string {
    return `ord_${randomBytes(16).toString('hex')}`
  }

  async create(
    order: Omit<
      OnrampOrder,
      | 'status'
      | 'stage'
      | 'txHash'
      | 'failureReason'
      | 'created'
      | 'updated'
      | 'externalId'
      | 'providerUpdated'
    >,
    options: { firstPollMs?: number } = {},
  ): Promise<OnrampOrder> {
    const now = Date.now()
    const full: OnrampOrder = {
      ...order,
      status: 'pending',
      stage: 'checkout',
      txHash: null,
      failureReason: null,
      created: now,
      updated: now,
      externalId: null,
      providerUpdated: null,
    }
    await this.db.batch([
      {
        sql: `INSERT INTO onramp_orders (id, provider, project_id, partner_user_id, account, chain, asset,
          payment_currency, payment_method, payment_amount, purchase_amount, status, stage, tx_hash,
          failure_reason, created, updated, next_poll) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        params: [
          full.id,
          full.provider,
          full.projectId,
          full.partnerUserId,
          full.account,
          full.chain,
          full.asset,
          full.paymentCurrency,
          full.paymentMethod,
          full.paymentAmount,
          full.purchaseAmount,
          full.status,
          full.stage,
          null,
          null,
          now,
          now,
          options.firstPollMs === undefined ? null : now + options.firstPollMs,
        ],
      },
    ])
    return full
  }

  async get(id: string): Promise<OnrampOrder | undefined> {
    const rows = await this.db.query<Row>('SELECT * FROM onramp_orders WHERE id = ?', [id])
    return rows[0] ? fromRow(rows[0]) : undefined
  }

  /**
   * Moves an order on only if it is still where the caller saw it (`from`):
   * two confirms of one checkout never fund twice. Gives false when another
   * request moved it first.
   */
  async advance(
    id: string,
    from: OrderStage,
    patch: Partial<Pick<OnrampOrder, 'status' | 'stage' | 'txHash' | 'failureReason' | 'paymentMethod'>>,
  ): Promise<boolean> {
    const sets: string[] = ['updated = ?']
    const params: (string | number | null)[] = [Date.now()]
    const columns = {
      status: 'status',
      stage: 'stage',
      txHash: 'tx_hash',
      failureReason: 'failure_reason',
      paymentMethod: 'payment_method',
    } as const
    for (const [key, column] of Object.entries(columns)) {
      const value = patch[key as keyof typeof patch]
      if (value !== undefined) {
        sets.push(`${column} = ?`)
        params.push(value)
      }
    }
    const [changed] = await this.db.batch([
      {
        sql: `UPDATE onramp_orders SET ${sets.join(', ')} WHERE id = ? AND stage = ?`,
        params: [...params, id, from],
      },
    ])
    return changed === 1
  }

  /**
   * Applies a provider's news to one of its orders of `projectId`, idempotently: a terminal order
   * (completed, failed) never changes again; a pending one takes a terminal state, or a pending
   * update newer than the one stored that adds something (the provider's id, a hash, an amount).
   * The same event twice, or an older one, changes nothing. Concurrent updates are settled by
   * re-reading: the write is conditional on the row being as it was read.
   */
  async applyUpdate(provider: string, projectId: string, u: StatusUpdate): Promise<UpdateOutcome> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const order = await this.get(u.orderId)
      if (!order || order.provider !== provider || order.projectId !== projectId) return 'not_found'
      if (order.status !== 'pending') return 'unchanged'
      const terminal = u.status !== 'pending'
      const newer = order.providerUpdated === null || u.at > order.providerUpdated
      const adds =
        (u.externalId !== undefined && u.externalId !== order.externalId) ||
        (u.txHash !== undefined && u.txHash !== order.txHash) ||
        (u.purchaseAmount !== undefined && u.purchaseAmount !== order.purchaseAmount)
      if (!terminal && !(newer && adds)) return 'unchanged'
      const now = Math.max(Date.now(), order.updated + 1)
      const [changed] = await this.db.batch([
        {
          sql: `UPDATE onramp_orders SET status = ?, stage = ?, tx_hash = ?, failure_reason = ?,
            purchase_amount = ?, external_id = ?, provider_updated = ?, updated = ?${terminal ? ', next_poll = NULL' : ''}
            WHERE id = ? AND status = 'pending' AND updated = ?`,
          params: [
            u.status,
            terminal ? 'done' : order.stage,
            u.txHash ?? order.txHash,
            u.status === 'failed' ? (u.failureReason ?? 'The provider did not complete the order') : null,
            u.purchaseAmount ?? order.purchaseAmount,
            u.externalId ?? order.externalId,
            Math.max(u.at, order.providerUpdated ?? 0),
            now,
            order.id,
            order.updated,
          ],
        },
      ])
      // A terminal order is never polled again; a pending one keeps its poll schedule.
      if (changed === 1) return 'changed'
    }
    return 'unchanged'
  }

  /** Pending orders of these providers due a status poll at `now`, the most overdue first. */
  async dueForPoll(providers: readonly string[], now: number, limit: number): Promise<DueOrder[]> {
    if (providers.length === 0) return []
    const rows = await this.db.query<Row>(
      `SELECT * FROM onramp_orders WHERE next_poll IS NOT NULL AND next_poll <= ? AND status = 'pending'
        AND provider IN (${providers.map(() => '?').join(', ')}) ORDER BY next_poll LIMIT ?`,
      [now, ...providers, limit],
    )
    return rows.map((r) => ({
      order: fromRow(r),
      nextPoll: Number(r.next_poll),
      attempts: Number(r.poll_attempts),
    }))
  }

  /**
   * Takes one poll of an order: moves its next poll from `seen` to `next` (null: no more polls). Only
   * one instance wins a given slot, so an order is never polled twice at once.
   */
  async claimPoll(id: string, seen: number, next: number | null, attempts: number): Promise<boolean> {
    const [changed] = await this.db.batch([
      {
        sql: 'UPDATE onramp_orders SET next_poll = ?, poll_attempts = ? WHERE id = ? AND next_poll = ?',
        params: [next, attempts, id, seen],
      },
    ])
    return changed === 1
  }

  /**
   * The account's orders created through `projectId`, newest first (one provider, or all with `provider`
   * undefined). Another project's orders for the same address never show: a caller of one project cannot
   * make entries appear in the Activity of another.
   */
  async forAccount(
    projectId: string,
    account: string,
    provider: string | undefined,
    limit = 50,
  ): Promise<OnrampOrder[]> {
    const rows = provider
      ? await this.db.query<Row>(
          'SELECT * FROM onramp_orders WHERE project_id = ? AND account = ? AND provider = ? ORDER BY created DESC LIMIT ?',
          [projectId, account, provider, limit],
        )
      : await this.db.query<Row>(
          'SELECT * FROM onramp_orders WHERE project_id = ? AND account = ? ORDER BY created DESC LIMIT ?',
          [projectId, account, limit],
        )
    return rows.map(fromRow)
  }
}
