/** A tiny typed event hub for the in-test fakes: `on` returns its unsubscribe. */
export function createEventHub<M extends object>() {
  const handlers = new Map<keyof M, Set<(payload: never) => void>>()
  return {
    on<E extends keyof M>(event: E, handler: (payload: M[E]) => void): () => void {
      let set = handlers.get(event)
      if (!set) {
        set = new Set()
        handlers.set(event, set)
      }
      set.add(handler as (payload: never) => void)
      return () => {
        set.delete(handler as (payload: never) => void)
      }
    },
    emit<E extends keyof M>(event: E, payload: M[E]): void {
      for (const h of [...(handlers.get(event) ?? [])]) (h as (p: M[E]) => void)(payload)
    },
    listenerCount: () => [...handlers.values()].reduce((n, s) => n + s.size, 0),
  }
}
