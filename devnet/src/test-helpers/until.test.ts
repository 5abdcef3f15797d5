import { afterEach, describe, expect, it, vi } from 'vitest'
import { until } from './until.js'

afterEach(() => {
  vi.useRealTimers()
})

describe('until (the one polling helper of the tests)', () => {
  it('resolves once a boolean check holds, or an asserting check stops throwing', async () => {
    let n = 0
    await until(() => ++n >= 3)
    expect(n).toBe(3)
    let m = 0
    await until(() => expect(++m).toBeGreaterThan(2))
    expect(m).toBe(3)
  })

  it('rejects after the time-out with what was awaited, or with the last assertion error', async () => {
    await expect(until(() => false, 30, 'the wallet answers')).rejects.toThrow(
      'the wallet answers not met in 30 ms',
    )
    await expect(until(() => expect(1).toBe(2), 30)).rejects.toThrow('expected 1 to be 2')
  })

  it('polls on the real clock while fake timers are installed', async () => {
    vi.useFakeTimers()
    let ready = false
    queueMicrotask(() => {
      ready = true
    })
    await until(() => ready, 1_000)
    expect(ready).toBe(true)
  })
})
