// Captured at import, before a test can install fake timers: `until` polls on
// the real clock, so it also works while vi.useFakeTimers() is on.
const realSetTimeout = globalThis.setTimeout
const realNow = performance.now.bind(performance)

/**
 * Polls `check` on the real clock until it holds, then resolves. `check` may
 * return a boolean (`false` = not yet), a promise of one, or assert (a throw =
 * not yet; the last error is rethrown at the time-out). Rejects after
 * `timeoutMs` (default 10 s) with `what` in the message.
 *
 * @example
 * await until(() => portico.getState().accounts.eip155?.status === 'connected')
 * await until(() => expect(count()).toBe(1), 2_000)
 */
export async function until(check: () => unknown, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const end = realNow() + timeoutMs
  let interval = 1
  for (;;) {
    let failure: unknown
    try {
      if ((await check()) !== false) return
    } catch (error) {
      failure = error
    }
    if (realNow() > end) {
      if (failure) throw failure
      throw new Error(`${what} not met in ${timeoutMs} ms`)
    }
    await new Promise<void>((resolve) => realSetTimeout(resolve, interval))
    interval = Math.min(interval * 2, 25)
  }
}
