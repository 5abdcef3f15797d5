/**
 * A minimal immutable store: one snapshot, `getState()` + `subscribe()`.
 * Updaters return a new object for what changed and reuse the rest
 * (structural sharing), so selectors can compare by reference. An updater
 * that returns the same snapshot notifies nobody.
 */
export interface Store<S> {
  getState(): S
  setState(updater: (state: S) => S): void
  subscribe(listener: (state: S, previous: S) => void): () => void
  /** Drops every listener. */
  destroy(): void
}

/**
 * @example
 * const store = createStore({ count: 0 })
 * store.subscribe((s, prev) => console.log(prev.count, '→', s.count))
 * store.setState((s) => ({ ...s, count: s.count + 1 }))
 */
export function createStore<S>(initial: S, onListenerError?: (error: unknown) => void): Store<S> {
  let state = initial
  const listeners = new Set<(state: S, previous: S) => void>()
  return {
    getState: () => state,
    setState(updater) {
      const previous = state
      const next = updater(previous)
      if (Object.is(next, previous)) return
      state = next
      for (const listener of [...listeners]) {
        try {
          listener(next, previous)
        } catch (error) {
          onListenerError?.(error)
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    destroy() {
      listeners.clear()
    },
  }
}

/**
 * Returns `target` itself when every key of `patch` already holds the same
 * value (Object.is), else a shallow copy with the patch applied.
 */
export function patchObject<T extends object>(target: T, patch: Partial<T>): T {
  for (const key of Object.keys(patch) as (keyof T)[]) {
    if (!Object.is(target[key], patch[key])) return { ...target, ...patch }
  }
  return target
}
