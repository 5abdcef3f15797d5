/** Successful ranges in a row before the range doubles again. */
export const GROW_AFTER = 3
/** Successful ranges in a row before the range tries a size the provider refused before. */
export const PROBE_AFTER = 20
/** Longest wait between two tries after provider errors (ms). */
export const MAX_BACKOFF_MS = 30_000

/**
 * The block range one indexer step reads, adapted to the provider: a
 * provider error (a refused range, "query returned more than 10000
 * results", a time-out) halves it, down to one block, and the next try waits
 * longer each time (exponential back-off); after `GROW_AFTER` good ranges in
 * a row it doubles again, up to the configured `batchBlocks`. A size the
 * provider refused is tried again only after `PROBE_AFTER` good ranges, so a
 * provider with a fixed limit is not hit with a refused range every few steps.
 */
export class AdaptiveSpan {
  #blocks: number
  #good = 0
  #failures = 0
  /** The smallest size refused so far (cleared once a range of that size goes through). */
  #refused: number | undefined

  constructor(
    readonly max: number,
    private readonly baseDelayMs: number,
  ) {
    this.#blocks = max
  }

  /** Blocks the next step reads at most. */
  get blocks(): number {
    return this.#blocks
  }

  /** Provider errors in a row. */
  get failures(): number {
    return this.#failures
  }

  /** The provider failed a range: halve it; gives how long to wait before the next try. */
  providerFailed(): number {
    this.#good = 0
    this.#failures++
    this.#refused = Math.min(this.#refused ?? this.#blocks, this.#blocks)
    this.#blocks = Math.max(1, Math.floor(this.#blocks / 2))
    return this.delay()
  }

  /** A step failed for another reason (the range is not the problem): only back off. */
  otherFailure(): number {
    this.#good = 0
    this.#failures++
    return this.delay()
  }

  /** Wait before the next try after the failures so far. */
  delay(): number {
    return Math.min(MAX_BACKOFF_MS, this.baseDelayMs * 2 ** Math.max(0, this.#failures - 1))
  }

  /** A range of `read` blocks went through. */
  succeeded(read: number): void {
    this.#failures = 0
    // Only a full-size range counts towards growing: short ranges at the head prove nothing.
    if (read < this.#blocks) return
    if (this.#refused !== undefined && this.#blocks >= this.#refused) this.#refused = undefined
    const next = Math.min(this.max, this.#blocks * 2)
    const needed = this.#refused !== undefined && next >= this.#refused ? PROBE_AFTER : GROW_AFTER
    if (++this.#good >= needed && this.#blocks < this.max) {
      this.#blocks = next
      this.#good = 0
    }
  }
}
