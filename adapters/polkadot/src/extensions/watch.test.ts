import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { watchInjection } from './watch.js'

/** A window and document whose load event the test fires. */
function page(readyState: string) {
  const target = new EventTarget()
  const doc = Object.assign(new EventTarget(), { readyState })
  const g = globalThis as { window?: unknown; document?: unknown }
  g.window = target
  g.document = doc
  return {
    load() {
      doc.readyState = 'complete'
      target.dispatchEvent(new Event('load'))
    },
    focus: () => target.dispatchEvent(new Event('focus')),
  }
}

describe('watchInjection: a late-injected extension is still found (issue 35)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    vi.useRealTimers()
    const g = globalThis as { window?: unknown; document?: unknown }
    delete g.window
    delete g.document
  })

  it('keeps looking until the load event, then 3 s fast, then every second for a minute', () => {
    const p = page('loading')
    const scan = vi.fn()
    const stop = watchInjection(scan, 3_000)
    vi.advanceTimersByTime(10_000) // a slow page: still loading after 10 s
    expect(scan.mock.calls.length).toBeGreaterThanOrEqual(39)
    p.load()
    scan.mockClear()
    vi.advanceTimersByTime(3_000)
    expect(scan.mock.calls.length).toBeGreaterThanOrEqual(12)
    scan.mockClear()
    vi.advanceTimersByTime(10_000) // an extension injecting 13 s after load is still seen
    expect(scan.mock.calls.length).toBeGreaterThanOrEqual(9)
    scan.mockClear()
    vi.advanceTimersByTime(60_000)
    const calls = scan.mock.calls.length
    vi.advanceTimersByTime(10_000)
    expect(scan.mock.calls.length).toBe(calls) // stopped polling
    p.focus() // the visitor comes back from installing one
    expect(scan.mock.calls.length).toBe(calls + 1)
    stop()
    p.focus()
    expect(scan.mock.calls.length).toBe(calls + 1)
  })
})
