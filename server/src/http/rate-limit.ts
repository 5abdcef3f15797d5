/**
 * Fixed-window request counter per key (project + client). In memory, so the
 * limit is per gateway process; sweeps finished windows as it goes.
 */
export class RateLimiter {
  #windows = new Map<string, { count: number; resetAt: number }>()
  #lastSweep = 0

  /** Counts one hit; gives whether it is allowed and when the window resets. */
  hit(key: string, max: number, windowMs: number, now = Date.now()) {
    if (now - this.#lastSweep > windowMs) this.#sweep(now)
    let w = this.#windows.get(key)
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs }
      this.#windows.set(key, w)
    }
    w.count++
    return { allowed: w.count <= max, remaining: Math.max(0, max - w.count), resetAt: w.resetAt }
  }

  #sweep(now: number) {
    this.#lastSweep = now
    for (const [k, w] of this.#windows) if (w.resetAt <= now) this.#windows.delete(k)
  }
}
