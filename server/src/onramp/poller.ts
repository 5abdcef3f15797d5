import type { FastifyBaseLogger } from 'fastify'
import type { OrderStore } from './orders.js'
import type { OnrampProvider } from './types.js'

/**
 * The polling fallback for real providers' orders that stay pending (a lost webhook, or none
 * configured). The schedule lives in the database (`next_poll`, `poll_attempts`), so any instance
 * polls and an order is polled by one instance at a time: each poll is claimed by moving the
 * order's `next_poll` on, conditionally. Each order backs off on its own: the provider's
 * `poll.intervalMs`, doubled after every poll, up to `poll.maxIntervalMs`; after `poll.maxAgeMs`
 * it is no longer polled. A provider without `poll.enabled`, or not configured, is never polled.
 */
export class StatusPoller {
  #timer: NodeJS.Timeout | undefined
  #running: Promise<void> | undefined
  #stopped = true

  constructor(
    private readonly providers: readonly OnrampProvider[],
    private readonly orders: OrderStore,
    private readonly tickMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The providers this poller asks (configured, with a status API, polling on). */
  get pollable(): OnrampProvider[] {
    return this.providers.filter((p) => p.status && p.poll?.enabled)
  }

  start(): void {
    if (this.pollable.length === 0 || !this.#stopped) return
    this.#stopped = false
    const loop = () => {
      if (this.#stopped) return
      this.#running = this.tick()
        .then(() => undefined)
        .catch((error) => this.log.warn({ err: error }, 'onramp status poll failed'))
        .finally(() => {
          if (!this.#stopped) this.#timer = setTimeout(loop, this.tickMs)
        })
    }
    this.#timer = setTimeout(loop, this.tickMs)
  }

  async stop(): Promise<void> {
    this.#stopped = true
    clearTimeout(this.#timer)
    await this.#running
  }

  /** One pass: polls the orders due now (at most `limit`). Gives how many were polled. */
  async tick(now = Date.now(), limit = 20): Promise<number> {
    const byId = new Map(this.pollable.map((p) => [p.id, p]))
    const due = await this.orders.dueForPoll([...byId.keys()], now, limit)
    let polled = 0
    for (const { order, nextPoll, attempts } of due) {
      const provider = byId.get(order.provider)!
      const poll = provider.poll!
      if (now - order.created > poll.maxAgeMs) {
        await this.orders.claimPoll(order.id, nextPoll, null, attempts)
        continue
      }
      const next = Math.min(poll.intervalMs * 2 ** Math.min(attempts + 1, 30), poll.maxIntervalMs)
      if (!(await this.orders.claimPoll(order.id, nextPoll, now + next, attempts + 1))) continue
      polled++
      try {
        const update = await provider.status!(order)
        if (!update) continue
        if (update.orderId !== order.id) {
          this.log.warn(
            { provider: provider.id, order: order.id },
            'onramp status answer names another order',
          )
          continue
        }
        const outcome = await this.orders.applyUpdate(provider.id, order.projectId, update)
        this.log.info(
          { provider: provider.id, order: order.id, status: update.status, outcome },
          'onramp order polled',
        )
      } catch (error) {
        this.log.warn({ err: error, provider: provider.id, order: order.id }, 'onramp status poll failed')
      }
    }
    return polled
  }
}
