import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import type { FastifyBaseLogger } from 'fastify'
import type { ProjectConfig } from '../config/index.js'
import type { Database } from '../storage/types.js'
import type { PaymentsConfig } from './config.js'
import {
  PAYMENT_DELIVERY_HEADER,
  PAYMENT_EVENT_HEADER,
  PAYMENT_SIGNATURE_HEADER,
  signPaymentWebhook,
} from './signature.js'
import type { WebhookJob } from './store.js'

interface JobRow {
  delivery_id: string
  payment_id: string
  project_id: string
  event: string
  body: string
  attempts: number | string
  next_at: number | string
}

const fromRow = (r: JobRow): WebhookJob => ({
  deliveryId: r.delivery_id,
  paymentId: r.payment_id,
  projectId: r.project_id,
  event: r.event,
  body: r.body,
  attempts: Number(r.attempts),
  nextAt: Number(r.next_at),
})

/** A delivery's state as the operator (and tests) read it. */
export interface DeliveryState {
  deliveryId: string
  state: 'pending' | 'delivered' | 'failed'
  attempts: number
  lastStatus: number | null
  lastError: string | null
}

/**
 * Delivers the `payment.settled` webhooks queued in the database, from every instance: a job is
 * taken by moving its `next_at` past a lease (one instance wins), posted signed, and ends
 * `delivered` on a 2xx answer; otherwise it is retried with exponential back-off
 * (`backoffMs · 2^(attempt−1)`, at most `maxBackoffMs`) until `maxAttempts`, then `failed`. A
 * gateway that stops mid-delivery leaves the job leased; it is taken again when the lease ends.
 * The delivery id is the same on every attempt: receivers drop the ones they have seen.
 */
export class WebhookWorker {
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`
  #timer: NodeJS.Timeout | undefined
  #running: Promise<void> | undefined
  #stopped = true
  readonly #projects: Map<string, ProjectConfig>

  constructor(
    private readonly db: Database,
    projects: readonly ProjectConfig[],
    private readonly config: PaymentsConfig['webhooks'],
    private readonly log: FastifyBaseLogger,
  ) {
    this.#projects = new Map(projects.map((p) => [p.id, p]))
  }

  start(): void {
    if (!this.#stopped) return
    this.#stopped = false
    this.#schedule(0)
  }

  async stop(): Promise<void> {
    this.#stopped = true
    clearTimeout(this.#timer)
    await this.#running
  }

  /** Looks for work now (a payment just settled) rather than at the next interval. */
  kick(): void {
    if (!this.#stopped && !this.#running) this.#schedule(0)
  }

  #schedule(ms: number) {
    clearTimeout(this.#timer)
    this.#timer = setTimeout(() => {
      if (this.#stopped || this.#running) return
      this.#running = this.tick()
        .catch((error) => this.log.error({ err: error }, 'payment webhook pass failed'))
        .finally(() => {
          this.#running = undefined
          if (!this.#stopped) this.#schedule(this.config.pollIntervalMs)
        })
    }, ms)
  }

  async state(deliveryId: string): Promise<DeliveryState | undefined> {
    const [r] = await this.db.query<{
      delivery_id: string
      state: DeliveryState['state']
      attempts: number | string
      last_status: number | string | null
      last_error: string | null
    }>(
      'SELECT delivery_id, state, attempts, last_status, last_error FROM payment_webhooks WHERE delivery_id = ?',
      [deliveryId],
    )
    return r
      ? {
          deliveryId: r.delivery_id,
          state: r.state,
          attempts: Number(r.attempts),
          lastStatus: r.last_status === null ? null : Number(r.last_status),
          lastError: r.last_error,
        }
      : undefined
  }

  /** One pass over the due deliveries. */
  async tick(now = Date.now()): Promise<void> {
    const rows = await this.db.query<JobRow>(
      "SELECT * FROM payment_webhooks WHERE state = 'pending' AND next_at <= ? ORDER BY next_at LIMIT 20",
      [now],
    )
    for (const job of rows.map(fromRow)) {
      if (this.#stopped) return
      const [taken] = await this.db.batch([
        {
          sql: `UPDATE payment_webhooks SET next_at = ?, owner = ?, attempts = attempts + 1, updated = ?
            WHERE delivery_id = ? AND state = 'pending' AND next_at = ?`,
          params: [Date.now() + this.config.leaseMs, this.owner, Date.now(), job.deliveryId, job.nextAt],
        },
      ])
      if (taken !== 1) continue
      await this.#deliver({ ...job, attempts: job.attempts + 1 })
    }
  }

  async #deliver(job: WebhookJob): Promise<void> {
    const project = this.#projects.get(job.projectId)
    const target = project?.payments
    if (!target?.webhookUrl || !target.webhookSecret) {
      await this.#end(job, 'failed', null, 'the project has no payments.webhookUrl / webhookSecret')
      return
    }
    let status: number | null = null
    let problem: string | null = null
    try {
      const res = await fetch(target.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'portico-gateway-webhooks',
          [PAYMENT_SIGNATURE_HEADER]: signPaymentWebhook(target.webhookSecret, job.body),
          [PAYMENT_DELIVERY_HEADER]: job.deliveryId,
          [PAYMENT_EVENT_HEADER]: job.event,
        },
        body: job.body,
        // A redirect is an answer that is not 2xx: the signed body is never forwarded elsewhere.
        redirect: 'manual',
        signal: AbortSignal.timeout(this.config.timeoutMs),
      })
      status = res.status
      await res.body?.cancel()
      if (status >= 200 && status < 300) {
        await this.#end(job, 'delivered', status, null)
        this.log.info({ delivery: job.deliveryId, payment: job.paymentId }, 'payment webhook delivered')
        return
      }
      problem = `the receiver answered ${status}`
    } catch (error) {
      problem =
        (error as Error).name === 'TimeoutError' ? 'no answer in time' : 'the receiver could not be reached'
    }
    if (job.attempts >= this.config.maxAttempts) {
      await this.#end(job, 'failed', status, problem)
      this.log.error(
        { delivery: job.deliveryId, payment: job.paymentId, attempts: job.attempts, problem },
        'payment webhook given up',
      )
      return
    }
    const backoff = Math.min(this.config.backoffMs * 2 ** (job.attempts - 1), this.config.maxBackoffMs)
    await this.db.batch([
      {
        sql: `UPDATE payment_webhooks SET next_at = ?, last_status = ?, last_error = ?, updated = ?
          WHERE delivery_id = ? AND owner = ? AND state = 'pending'`,
        params: [Date.now() + backoff, status, problem, Date.now(), job.deliveryId, this.owner],
      },
    ])
    this.log.warn(
      { delivery: job.deliveryId, payment: job.paymentId, attempt: job.attempts, backoff, problem },
      'payment webhook not delivered; retrying',
    )
  }

  async #end(job: WebhookJob, state: 'delivered' | 'failed', status: number | null, error: string | null) {
    await this.db.batch([
      {
        sql: `UPDATE payment_webhooks SET state = ?, last_status = ?, last_error = ?, updated = ?
          WHERE delivery_id = ? AND state = 'pending'`,
        params: [state, status, error, Date.now(), job.deliveryId],
      },
    ])
  }
}
