import type { Database } from '../storage/index.js'
import type { Migration } from '../storage/migrations.js'

/**
 * Every sponsorship the gateway signed: who (project, account), what (chain,
 * targets and selectors, the operation's nonce and hash), how much gas (the
 * worst case it committed to; the real cost once the receipt passes through
 * the gateway). Budgets sum `max_cost_wei` per UTC day.
 */
export const PAYMASTER_MIGRATION: Migration = {
  version: 27,
  name: 'paymaster sponsorships',
  statements: [
    `CREATE TABLE paymaster_sponsorships (
      user_op_hash TEXT PRIMARY KEY,
      project_id TEXT NOT NULL,
      chain TEXT NOT NULL,
      sender TEXT NOT NULL,
      nonce TEXT NOT NULL,
      targets TEXT NOT NULL,
      gas_limit TEXT NOT NULL,
      max_cost_wei TEXT NOT NULL,
      valid_until BIGINT NOT NULL,
      day TEXT NOT NULL,
      created BIGINT NOT NULL,
      actual_gas_used TEXT,
      actual_gas_cost_wei TEXT,
      success INTEGER
    )`,
    'CREATE INDEX paymaster_sponsorships_day ON paymaster_sponsorships (project_id, day, sender)',
  ],
}

export interface SponsorshipRecord {
  userOpHash: string
  projectId: string
  chain: string
  sender: string
  nonce: bigint
  /** `address:selector` of each inner call (or `*` when the policy sponsors any target). */
  targets: string[]
  gasLimit: bigint
  maxCostWei: bigint
  validUntil: number
  day: string
  created: number
}

/** The UTC day (`2026-11-29`) budgets count in. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

export class SponsorshipStore {
  constructor(private readonly db: Database) {}

  /** Worst-case wei sponsored for a project today, in total and for one account. */
  async spentToday(
    projectId: string,
    day: string,
    sender: string,
  ): Promise<{ project: bigint; account: bigint }> {
    // TEXT amounts (wei overflow BIGINT): summed here, a day's rows per project are few.
    const rows = await this.db.query<{ sender: string; max_cost_wei: string }>(
      'SELECT sender, max_cost_wei FROM paymaster_sponsorships WHERE project_id = ? AND day = ?',
      [projectId, day],
    )
    let project = 0n
    let account = 0n
    const who = sender.toLowerCase()
    for (const r of rows) {
      const v = BigInt(r.max_cost_wei)
      project += v
      if (r.sender === who) account += v
    }
    return { project, account }
  }

  /** Records one signed sponsorship; a re-signed operation (same hash) keeps its first record. */
  async record(r: SponsorshipRecord): Promise<void> {
    await this.db.query(
      `INSERT INTO paymaster_sponsorships
        (user_op_hash, project_id, chain, sender, nonce, targets, gas_limit, max_cost_wei, valid_until, day, created)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      [
        r.userOpHash.toLowerCase(),
        r.projectId,
        r.chain,
        r.sender.toLowerCase(),
        r.nonce.toString(),
        r.targets.join(','),
        r.gasLimit.toString(),
        r.maxCostWei.toString(),
        r.validUntil,
        r.day,
        r.created,
      ],
    )
  }

  /** Notes what a sponsored operation really cost (from its receipt); false when the hash is not ours. */
  async settle(userOpHash: string, gasUsed: bigint, gasCostWei: bigint, success: boolean): Promise<boolean> {
    const rows = await this.db.query<{ user_op_hash: string }>(
      `UPDATE paymaster_sponsorships SET actual_gas_used = ?, actual_gas_cost_wei = ?, success = ?
       WHERE user_op_hash = ? AND actual_gas_used IS NULL RETURNING user_op_hash`,
      [gasUsed.toString(), gasCostWei.toString(), success ? 1 : 0, userOpHash.toLowerCase()],
    )
    return rows.length > 0
  }

  async get(userOpHash: string): Promise<Record<string, unknown> | undefined> {
    const rows = await this.db.query('SELECT * FROM paymaster_sponsorships WHERE user_op_hash = ?', [
      userOpHash.toLowerCase(),
    ])
    return rows[0]
  }
}
