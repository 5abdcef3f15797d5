import type { Metrics } from '../http/metrics.js'
import type { Database, SqlValue } from '../storage/index.js'

export interface StoredEvent {
  projectId: string
  eventId: string
  event: string
  url: string
  domain: string
  timestamp: number
  address: string | null
  st: string | null
  sv: string | null
  props: string
}

interface Pending {
  event: StoredEvent
  resolve: () => void
  reject: (error: unknown) => void
}

const COLUMNS = 11

/** A storage outage (no connection, shutting down): retrying each row would only fail the same way, slower. */
function isOutage(error: unknown): boolean {
  const code = String((error as { code?: unknown })?.code)
  return [
    'ECONNREFUSED',
    'ECONNRESET',
    'ETIMEDOUT',
    '57P01',
    '57P03',
    'SQLITE_BUSY',
    'SQLITE_IOERR',
  ].includes(code)
}

/**
 * Group commit for analytics events: requests queue their event and wait;
 * a group (up to `maxBatch` events, or whatever arrived within `flushMs`) is
 * written as one multi-row INSERT in one transaction, and only then are its
 * requests answered. So a 2xx always means the event is committed, and a
 * burst costs one commit per group instead of one per event. A repeated
 * eventId (a client retry) is stored once.
 */
export class AnalyticsWriter {
  #queue: Pending[] = []
  #scheduled = false
  #inflight = 0
  readonly #idle = new Set<() => void>()

  /**
   * `flushMs`: how long a group stays open (0: until the current I/O turn
   * ends). `parallel`: groups committing at once (PostgreSQL commits groups
   * from several connections together; SQLite has one writer, so 1).
   */
  constructor(
    private readonly db: Database,
    private readonly options: { flushMs: number; maxBatch: number; parallel?: number },
    private readonly metrics: Metrics,
  ) {}

  write(event: StoredEvent): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ event, resolve, reject })
      this.#schedule()
    })
  }

  /** Commits everything queued (used on shutdown). */
  async drain(): Promise<void> {
    while (this.#queue.length > 0 || this.#inflight > 0) {
      await new Promise<void>((resolve) => {
        this.#idle.add(resolve)
        this.#schedule()
      })
    }
  }

  #schedule() {
    if (this.#scheduled || this.#queue.length === 0) return
    if (this.#inflight >= (this.options.parallel ?? 1)) return // re-checked when a group ends
    this.#scheduled = true
    const run = () => {
      this.#scheduled = false
      void this.#flush()
    }
    // A full group goes at once; otherwise the group takes every request that
    // arrives in this I/O turn (setImmediate) or within flushMs.
    if (this.#queue.length >= this.options.maxBatch || this.options.flushMs === 0) setImmediate(run)
    else setTimeout(run, this.options.flushMs)
  }

  #committed(events: number) {
    this.metrics.inc('portico_analytics_events_total', 'Analytics events committed.', {}, events)
    this.metrics.inc('portico_analytics_commits_total', 'Analytics group commits.')
  }

  async #insert(events: readonly StoredEvent[]) {
    const params: SqlValue[] = []
    const now = Date.now()
    for (const e of events) {
      params.push(
        e.projectId,
        e.eventId,
        e.event,
        e.url,
        e.domain,
        e.timestamp,
        now,
        e.address,
        e.st,
        e.sv,
        e.props,
      )
    }
    const row = `(${Array.from({ length: COLUMNS }, () => '?').join(', ')})`
    await this.db.batch([
      {
        sql: `INSERT INTO analytics_events
                (project_id, event_id, event, url, domain, ts, received_at, address, st, sv, props)
              VALUES ${events.map(() => row).join(', ')}
              ON CONFLICT (project_id, event_id) DO NOTHING`,
        params,
      },
    ])
  }

  async #flush(): Promise<void> {
    const group = this.#queue.splice(0, this.options.maxBatch)
    if (group.length === 0) return
    this.#inflight++
    try {
      try {
        await this.#insert(group.map((p) => p.event))
        for (const p of group) p.resolve()
        this.#committed(group.length)
      } catch (error) {
        if (group.length === 1 || isOutage(error)) throw error
        // One bad row fails the whole statement: retry row by row so only that event is lost.
        this.metrics.inc('portico_analytics_batch_retries_total', 'Analytics groups retried row by row.')
        let ok = 0
        for (const p of group) {
          try {
            await this.#insert([p.event])
            ok++
            p.resolve()
          } catch (rowError) {
            p.reject(rowError)
          }
        }
        if (ok > 0) this.#committed(ok)
        return
      }
    } catch (error) {
      for (const p of group) p.reject(error)
    } finally {
      this.#inflight--
      if (this.#queue.length > 0) this.#schedule()
      else if (this.#inflight === 0) {
        for (const resolve of this.#idle) resolve()
        this.#idle.clear()
      }
    }
  }
}
