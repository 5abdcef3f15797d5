import { randomBytes } from 'node:crypto'
import type { Database, Migration } from '../storage/index.js'

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
})

/** Onramp orders in the gateway's database. Ids are 128-bit random: they are the checkout page's capability. */
export class OrderStore {
  constructor(private readonly db: Database) {}

  static newId(): string {
    return `ord_${randomBytes(16).toString('hex')}`
  }

  async create(
    order: Omit<OnrampOrder, 'status' | 'stage' | 'txHash' | 'failureReason' | 'created' | 'updated'>,
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
    }
    await this.db.batch([
      {
        sql: `INSERT INTO onramp_orders (id, provider, project_id, partner_user_id, account, chain, asset,
          payment_currency, payment_method, payment_amount, purchase_amount, status, stage, tx_hash,
          failure_reason, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
