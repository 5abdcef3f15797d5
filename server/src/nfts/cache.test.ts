// The NFT metadata and image caches are bounded by bytes (a configured budget), as well as by entries and age.
import { describe, expect, it } from 'vitest'
import { TtlCache } from './service.js'

const image = (bytes: number) => ({ contentType: 'image/png', body: Buffer.alloc(bytes) })
const size = (v: { contentType: string; body: Buffer }) => v.body.length + v.contentType.length
const settle = () => new Promise((r) => setTimeout(r, 0))

describe('TtlCache byte budget (NFT images and metadata)', () => {
  it('settled images past the budget evict the oldest; the bytes held stay under the budget', async () => {
    const seen: { entries: number; bytes: number }[] = []
    const budget = 1024 * 1024
    const cache = new TtlCache(200, 60_000, budget, size, (s) => seen.push(s))
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, Promise.resolve(image(300 * 1024)))
    await settle()
    // Three 300 KiB images fit in 1 MiB, a fourth does not.
    expect(cache.stats().entries).toBe(3)
    expect(cache.stats().bytes).toBeLessThanOrEqual(budget)
    expect(seen.every((s) => s.bytes <= budget)).toBe(true)
    expect(cache.get('k9')).toBeDefined()
    expect(cache.get('k0')).toBeUndefined()
  })

  it('a failed value counts no bytes; deleting it leaves the count at zero', async () => {
    const cache = new TtlCache(10, 60_000, 1024, size)
    const failed = Promise.reject(new Error('unavailable'))
    failed.catch(() => {})
    cache.set('bad', failed)
    await settle()
    expect(cache.stats()).toEqual({ entries: 1, bytes: 0 })
    cache.delete('bad')
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 })
  })

  it('a value replaced before it settles is not counted', async () => {
    const cache = new TtlCache(10, 60_000, 10 * 1024, size)
    let resolve!: (v: { contentType: string; body: Buffer }) => void
    cache.set('k', new Promise((r) => (resolve = r)))
    cache.set('k', Promise.resolve(image(100)))
    resolve(image(5000))
    await settle()
    expect(cache.stats()).toEqual({ entries: 1, bytes: Buffer.byteLength('k') + size(image(100)) })
  })
})
