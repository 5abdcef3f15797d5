import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import type { FastifyBaseLogger } from 'fastify'
import type { Address, Hex } from 'viem'
import type { OrderStore } from '../orders.js'
import type { SandboxProvider } from '../providers/sandbox.js'
import type { Settlement, SettlementStore } from './store.js'

export const NOT_CONFIRMED = 'The transfer was not confirmed'
export const REVERTED = 'The transfer reverted on chain'

/**
 * Runs the sandbox's payouts from the database. Every instance runs one: it takes jobs whose lease
 * ran out (new ones, or ones whose instance died or hung), one at a time, and carries each on from
 * where it is — signs and records the transfer, sends it, waits for its receipt, ends the order.
 * A resumed signed job sends the recorded transfer again (same nonce, same hash), so a wallet is
 * paid once however many instances die on the way.
 */
export class SettlementWorker {
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`
  #timer: NodeJS.Timeout | undefined
  #running: Promise<void> | undefined
  #stopped = true
  #again = false

  constructor(
    private readonly sandbox: SandboxProvider,
    private readonly jobs: SettlementStore,
    private readonly orders: OrderStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  private get config() {
    return this.sandbox.config.settlement
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

  /** Looks for work now (a checkout just queued a payout), rather than at the next interval. */
  kick(): void {
    if (this.#stopped) return
    if (this.#running) this.#again = true
    else this.#schedule(0)
  }

  #schedule(ms: number) {
    clearTimeout(this.#timer)
    this.#timer = setTimeout(() => {
      if (this.#stopped || this.#running) return
      this.#running = this.tick()
        .catch((error) => this.log.error({ err: error }, 'sandbox settlement pass failed'))
        .finally(() => {
          this.#running = undefined
          if (this.#stopped) return
          const again = this.#again
          this.#again = false
          this.#schedule(again ? 0 : this.config.pollIntervalMs)
        })
    }, ms)
  }

  /** One pass over the due jobs. */
  async tick(): Promise<void> {
    for (const job of await this.jobs.due(Date.now(), 10)) {
      if (this.#stopped) return
      if (!(await this.jobs.claim(job, this.owner, Date.now(), this.config.leaseMs))) continue
      try {
        await this.#settle(job)
      } catch (error) {
        this.log.warn(
          { err: error, order: job.orderId },
          'sandbox settlement attempt failed; it will be retried',
        )
        await this.#retryOrFail(job)
      }
    }
  }

  async #settle(claimed: Settlement): Promise<void> {
    let job = claimed
    if (job.state === 'queued') {
      const order = await this.orders.get(job.orderId)
      if (!order) throw new Error(`settlement for a missing order ${job.orderId}`)
      const nonce = await this.jobs.nextNonce(job.chain, job.sender, await this.sandbox.chainNonce())
      const signed = await this.sandbox.signTransfer(
        order.account as Address,
        order.asset,
        order.purchaseAmount ?? '0',
        nonce,
      )
      const recorded = await this.jobs.recordSigned(job, this.owner, { nonce, ...signed })
      if (recorded !== 'ok') {
        // Another payout took the nonce, or another instance the job: try again at once.
        await this.jobs.release(job.orderId, this.owner, Date.now())
        return
      }
      job = { ...job, state: 'signed', nonce, rawTx: signed.raw, txHash: signed.hash }
      this.log.info({ order: job.orderId, hash: signed.hash, nonce }, 'sandbox transfer signed and recorded')
    }
    const hash = job.txHash as Hex
    // Mined already (the instance before sent it, then died)? Then it is not sent again.
    let ok = await this.sandbox.receipt(hash)
    if (ok === undefined) {
      try {
        await this.sandbox.broadcast(job.rawTx as Hex)
      } catch (error) {
        // "already known", "nonce too low" (mined meanwhile)…: the receipt below says what happened.
        this.log.info(
          { err: error, order: job.orderId },
          'sandbox transfer send refused; waiting for its receipt',
        )
      }
      ok = await this.sandbox.settled(hash, Math.min(this.config.receiptTimeoutMs, this.config.leaseMs))
    }
    if (await this.jobs.finish(job.orderId, ok, ok ? undefined : REVERTED))
      this.log.info({ order: job.orderId, hash, ok }, 'sandbox settlement done')
  }

  async #retryOrFail(job: Settlement): Promise<void> {
    if (job.attempts + 1 >= this.config.maxAttempts) {
      await this.jobs.finish(job.orderId, false, NOT_CONFIRMED)
      return
    }
    const backoff = Math.min(this.config.pollIntervalMs * 2 ** job.attempts, this.config.leaseMs)
    await this.jobs.release(job.orderId, this.owner, Date.now() + backoff)
  }
}
