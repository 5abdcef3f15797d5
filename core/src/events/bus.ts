import mittImport, { type Emitter, type EventType } from 'mitt'
import type { EventBus, PorticoEventName } from '../contracts/index.js'

// mitt ships ESM with CommonJS-style typings: under NodeNext the default import
// is typed as the module object. At run time it is the function itself in
// native ESM, or `{ default }` through CommonJS interop; accept both.
const mitt = ((mittImport as unknown as { default?: unknown }).default ??
  mittImport) as typeof mittImport.default

/** The instance's bus: a typed mitt emitter plus a wildcard hook and `clear()` for `destroy()`. */
export interface InstanceEventBus extends EventBus {
  /** Every event, e.g. for analytics. Returns the unsubscribe function. */
  onAny(handler: (event: PorticoEventName, payload: unknown) => void): () => void
  /** Removes every handler (used by `destroy()`). */
  clear(): void
}

/**
 * Creates a typed event bus over mitt. A throwing handler does not stop the
 * other handlers; the error goes to `onHandlerError`.
 *
 * @example
 * const bus = createEventBus()
 * bus.on('MODAL_OPEN', ({ connected }) => console.log(connected))
 */
export function createEventBus(
  onHandlerError?: (error: unknown, event: PorticoEventName) => void,
): InstanceEventBus {
  const emitter: Emitter<Record<EventType, unknown>> = mitt()
  // event → original handler → the guarded handler given to mitt (so `off` finds it).
  const wrapped = new Map<PorticoEventName, Map<unknown, (payload: unknown) => void>>()
  const forEvent = (event: PorticoEventName) => {
    let map = wrapped.get(event)
    if (!map) {
      map = new Map()
      wrapped.set(event, map)
    }
    return map
  }
  return {
    on(event, handler) {
      const map = forEvent(event)
      if (map.has(handler)) return
      const safe = (payload: unknown) => {
        try {
          ;(handler as (p: unknown) => void)(payload)
        } catch (error) {
          onHandlerError?.(error, event)
        }
      }
      map.set(handler, safe)
      emitter.on(event, safe as never)
    },
    off(event, handler) {
      const map = forEvent(event)
      const safe = map.get(handler)
      if (!safe) return
      map.delete(handler)
      emitter.off(event, safe as never)
    },
    emit(event, payload) {
      emitter.emit(event, payload as never)
    },
    onAny(handler) {
      const safe = (type: EventType, payload: unknown) => {
        try {
          handler(type as PorticoEventName, payload)
        } catch (error) {
          onHandlerError?.(error, type as PorticoEventName)
        }
      }
      emitter.on('*', safe as never)
      return () => emitter.off('*', safe as never)
    },
    clear() {
      emitter.all.clear()
      wrapped.clear()
    },
  }
}
