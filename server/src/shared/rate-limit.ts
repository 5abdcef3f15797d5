import type { Redis } from 'ioredis'
import { REDIS_PREFIX } from './redis.js'

/** One counted hit: whether it is allowed, how many remain, when the window resets (epoch ms). */
export interface RateLimitResult {
  allowed: boolean
  remaining: number
  resetAt: number
}

/**
 * Fixed-window request counters per key. The in-memory store limits each
 * process on its own; the Redis store counts every instance's hits together,
 * so N instances behind a load balancer still allow `max`, not N × `max`.
 */
export interface RateLimitStore {
  /** Counts `cost` hits at once (default 1: a batch of RPC calls counts each call). */
  hit(key: string, max: number, windowMs: number, cost?: number): Promise<RateLimitResult>
}

/** Counters in this process's memory (one instance; the default). Sweeps finished windows as it goes. */
export class MemoryRateLimitStore implements RateLimitStore {
  #windows = new Map<string, { count: number; resetAt: number }>()
  #lastSweep = 0

  async hit(key: string, max: number, windowMs: number, cost = 1): Promise<RateLimitResult> {
    return this.hitSync(key, max, windowMs, Date.now(), cost)
  }

  /** The same count without a promise (`now` for tests of window edges). */
  hitSync(key: string, max: number, windowMs: number, now = Date.now(), cost = 1): RateLimitResult {
    if (now - this.#lastSweep > windowMs) this.#sweep(now)
    let w = this.#windows.get(key)
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs }
      this.#windows.set(key, w)
    }
    w.count += cost
    return { allowed: w.count <= max, remaining: Math.max(0, max - w.count), resetAt: w.resetAt }
  }

  #sweep(now: number) {
    this.#lastSweep = now
    for (const [k, w] of this.#windows) if (w.resetAt <= now) this.#windows.delete(k)
  }
}

// INCRBY (the cost) and the window's expiry in one atomic step: the first hit of a window sets its length;
// a key that lost its expiry (never expected) gets one again rather than counting forever.
const HIT_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`

/** Counters in Redis, shared by every gateway instance on the same Redis. */
export class RedisRateLimitStore implements RateLimitStore {
  constructor(private readonly redis: Redis) {
    redis.defineCommand('porticoRateHit', { numberOfKeys: 1, lua: HIT_SCRIPT })
  }

  async hit(key: string, max: number, windowMs: number, cost = 1): Promise<RateLimitResult> {
    const now = Date.now()
    const run = (
      this.redis as unknown as Record<string, (k: string, w: number, c: number) => Promise<[number, number]>>
    ).porticoRateHit!
    const [count, ttl] = await run.call(this.redis, `${REDIS_PREFIX}rl:${windowMs}:${key}`, windowMs, cost)
    return { allowed: count <= max, remaining: Math.max(0, max - count), resetAt: now + ttl }
  }
}

/** Where a fail-over store reports its state (the gateway's log and `/metrics`). */
export interface FallbackReporter {
  warn(obj: object, msg: string): void
  info(obj: object, msg: string): void
}
export interface FallbackMetrics {
  setGauge(name: string, help: string, labels: Record<string, string>, value: number): void
  inc(name: string, help: string, labels?: Record<string, string>, by?: number): void
}

/**
 * The Redis counters while Redis answers; per-instance counters (this
 * process's memory) while it does not, so a Redis outage neither takes the
 * gateway down nor lifts every limit. Each switch is logged once, and
 * `/metrics` shows `portico_rate_limit_shared` (1: shared, 0: per instance)
 * and counts the hits counted locally (`portico_rate_limit_local_hits_total`).
 */
export class FailOverRateLimitStore implements RateLimitStore {
  readonly #local = new MemoryRateLimitStore()
  #shared = true

  constructor(
    private readonly redis: Redis,
    private readonly store: RateLimitStore,
    private readonly log: FallbackReporter,
    private readonly metrics: FallbackMetrics,
  ) {
    this.#report(true)
  }

  /** Whether the limits are currently counted in Redis (shared by every instance). */
  get shared(): boolean {
    return this.#shared
  }

  async hit(key: string, max: number, windowMs: number, cost = 1): Promise<RateLimitResult> {
    // A connection that is not ready fails fast instead of waiting for the command time-out.
    if (this.redis.status === 'ready') {
      try {
        const r = await this.store.hit(key, max, windowMs, cost)
        if (!this.#shared) this.#switch(true)
        return r
      } catch (error) {
        if (this.#shared) this.#switch(false, error)
      }
    } else if (this.#shared) this.#switch(false, new Error(`Redis connection is ${this.redis.status}`))
    this.metrics.inc(
      'portico_rate_limit_local_hits_total',
      'Rate-limit hits counted per instance because Redis was unreachable',
    )
    return this.#local.hitSync(key, max, windowMs, Date.now(), cost)
  }

  #switch(shared: boolean, error?: unknown) {
    this.#shared = shared
    this.#report(shared)
    if (shared) this.log.info({}, 'rate limits shared through Redis again')
    else
      this.log.warn(
        { err: error },
        'Redis unreachable: rate limits fall back to per-instance counters (each instance allows the full limit)',
      )
  }

  #report(shared: boolean) {
    this.metrics.setGauge(
      'portico_rate_limit_shared',
      'Whether rate limits are counted in Redis for every instance (1) or per instance (0)',
      {},
      shared ? 1 : 0,
    )
  }
}
