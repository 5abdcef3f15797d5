// The RPC proxy's immutable-answer cache is bounded by bytes (its configured budget), not only by entries.
import { describe, expect, it } from 'vitest'
import { AnswerCache, type AnswerCacheStats } from './cache.js'

const key = (i: number) =>
  AnswerCache.key('eip155:31337', 'eth_getBlockByHash', [`0x${i.toString(16).padStart(64, '0')}`, true])
/** An answer whose JSON text is `size` bytes long (a string of `size - 2` ASCII characters plus its quotes). */
const answer = (size: number) => 'x'.repeat(size - 2)
const entryBytes = (i: number, size: number) => Buffer.byteLength(key(i)) + size

describe('AnswerCache byte budget', () => {
  it('never holds more bytes than its budget: large answers evict the least recently used', () => {
    const seen: AnswerCacheStats[] = []
    const budget = 10 * 1024
    const cache = new AnswerCache(10_000, budget, 4 * 1024, (s) => seen.push(s))
    for (let i = 0; i < 50; i++) cache.set(key(i), answer(3000))
    expect(cache.bytes).toBeLessThanOrEqual(budget)
    // Three entries of ~3.1 KB fit in 10 KiB, not four.
    expect(cache.size).toBe(3)
    expect(cache.bytes).toBe(3 * entryBytes(0, 3000))
    expect(seen.every((s) => s.bytes <= budget)).toBe(true)
    // The newest three are kept; the oldest are gone.
    expect(cache.get(key(49))).toEqual({ result: answer(3000) })
    expect(cache.get(key(0))).toBeUndefined()
  })

  it('a read refreshes an entry: the least recently read goes first', () => {
    const cache = new AnswerCache(10_000, 3 * entryBytes(0, 1000))
    for (let i = 0; i < 3; i++) cache.set(key(i), answer(1000))
    cache.get(key(0))
    cache.set(key(3), answer(1000))
    expect([0, 1, 2, 3].map((i) => cache.get(key(i)) !== undefined)).toEqual([true, false, true, true])
  })

  it('an answer over the per-entry limit is not kept; replacing an entry counts its bytes once', () => {
    const cache = new AnswerCache(10_000, 1024 * 1024, 2048)
    cache.set(key(1), answer(4096))
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 })
    cache.set(key(1), answer(500))
    cache.set(key(1), answer(700))
    expect(cache.stats()).toEqual({ entries: 1, bytes: entryBytes(1, 700) })
  })

  it('a hit hands out a copy: changing it does not change what is cached', () => {
    const cache = new AnswerCache(10, 1024 * 1024)
    cache.set(key(1), { number: '0x1', transactions: [] })
    const first = cache.get(key(1))!.result as { transactions: unknown[] }
    first.transactions.push('changed')
    expect(cache.get(key(1))).toEqual({ result: { number: '0x1', transactions: [] } })
  })

  it('a budget of 0 turns the cache off', () => {
    const cache = new AnswerCache(10_000, 0)
    cache.set(key(1), answer(10))
    expect(cache.size).toBe(0)
  })
})
