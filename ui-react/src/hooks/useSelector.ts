import type { Portico, PorticoState } from '@portico/core'
import { useCallback, useRef, useSyncExternalStore } from 'react'

/** Compares two values one level deep (arrays by item, objects by own key). */
export function shallowEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || !a || !b) return false
  const ka = Object.keys(a)
  if (ka.length !== Object.keys(b).length) return false
  return ka.every((k) => Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
}

/**
 * Reads a slice of an instance's state. The component re-renders only when
 * `isEqual(previousSlice, nextSlice)` is false.
 */
export function useStoreSelector<T>(
  portico: Portico,
  selector: (state: PorticoState) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  const memo = useRef<{ value: T } | undefined>(undefined)
  const subscribe = useCallback((onChange: () => void) => portico.subscribe(() => onChange()), [portico])
  const getSnapshot = (): T => {
    // Selecting is cheap; keeping the previous value when equal is what stops re-renders.
    const value = selector(portico.getState())
    const prev = memo.current
    if (prev && isEqual(prev.value, value)) return prev.value
    memo.current = { value }
    return value
  }
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
}
