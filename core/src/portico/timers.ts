/**
 * The instance's timers: every timeout goes through here so `destroy()` can
 * clear them all. Uses the global timer functions at call time (fake timers work).
 */
export interface Timers {
  setTimeout(fn: () => void, ms: number): ReturnType<typeof setTimeout>
  clearTimeout(id: ReturnType<typeof setTimeout> | undefined): void
  clearAll(): void
}

export function createTimers(): Timers {
  const pending = new Set<ReturnType<typeof setTimeout>>()
  return {
    setTimeout(fn, ms) {
      const id = setTimeout(() => {
        pending.delete(id)
        fn()
      }, ms)
      pending.add(id)
      return id
    },
    clearTimeout(id) {
      if (id === undefined) return
      pending.delete(id)
      clearTimeout(id)
    },
    clearAll() {
      for (const id of pending) clearTimeout(id)
      pending.clear()
    },
  }
}
