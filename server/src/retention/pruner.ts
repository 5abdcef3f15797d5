import type { FastifyBaseLogger } from 'fastify'
import type { Metrics } from '../http/metrics.js'
import type { Database } from '../storage/index.js'

/** What the pruner keeps (see `retention` in the configuration). */
export interface RetentionSettings {
  /** Analytics events older than this many days are deleted; 0 keeps them forever. */
  analyticsDays: number
  /** Used signatures are deleted this long after their message expired. */
  usedSignaturesGraceMs: number
  /** Run interval (ms); 0: never on a schedule. */
  intervalMs: number
}

/** Rows deleted per statement: a large backlog goes in bounded transactions, never one huge lock. */
export const PRUNE_CHUNK = 5_000

const DAY_MS = 86_400_000

/**
 * Deletes analytics events past their retention and used signatures whose
 * signed message can no longer be accepted (plus a grace period), on a
 * schedule. Rows of used signatures without an expiry (stored before the
 * gateway recorded one) are kept: their message might still be valid.
 * Every instance may run it; a row deleted twice is deleted once.
 */
export class RetentionPruner {
  #timer: NodeJS.Timeout | undefined
  #running: Promise<unknown> | undefined

  constructor(
    private readonly db: Database,
    private readonly settings: RetentionSettings,
    private readonly log: FastifyBaseLogger,
    private readonly metrics: Metrics,
  ) {}

  start(): void {
    if (this.settings.intervalMs === 0 || this.#timer) return
    const run = () => {
      this.#running = this.prune().catch((error) =>
        this.log.warn({ err: error }, 'retention pruning failed; trying again at the next interval'),
      )
    }
    // The first run right after start-up catches up on what piled up while the gateway was down.
    this.#timer = setInterval(run, this.settings.intervalMs)
    this.#timer.unref()
    setImmediate(run)
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer)
    this.#timer = undefined
    await this.#running
  }

  /** One pruning pass at `now`; gives how many rows of each kind were deleted. */
  async prune(now = Date.now()): Promise<{ analyticsEvents: number; usedSignatures: number }> {
    let analyticsEvents = 0
    if (this.settings.analyticsDays > 0) {
      analyticsEvents = await this.#chunked(
        `DELETE FROM analytics_events WHERE (project_id, event_id) IN
           (SELECT project_id, event_id FROM analytics_events WHERE received_at < ? LIMIT ${PRUNE_CHUNK})`,
        now - this.settings.analyticsDays * DAY_MS,
      )
    }
    const usedSignatures = await this.#chunked(
      `DELETE FROM used_signatures WHERE digest IN
         (SELECT digest FROM used_signatures WHERE expires_at < ? LIMIT ${PRUNE_CHUNK})`,
      now - this.settings.usedSignaturesGraceMs,
    )
    for (const [table, n] of [
      ['analytics_events', analyticsEvents],
      ['used_signatures', usedSignatures],
    ] as const) {
      if (n > 0)
        this.metrics.inc('portico_retention_deleted_total', 'Rows deleted by retention.', { table }, n)
    }
    if (analyticsEvents + usedSignatures > 0)
      this.log.info({ analyticsEvents, usedSignatures }, 'retention: old rows deleted')
    return { analyticsEvents, usedSignatures }
  }

  async #chunked(sql: string, before: number): Promise<number> {
    let total = 0
    for (;;) {
      const [n = 0] = await this.db.batch([{ sql, params: [before] }])
      total += n
      if (n < PRUNE_CHUNK) return total
    }
  }
}
