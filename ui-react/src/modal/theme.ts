import { useSyncExternalStore } from 'react'

const QUERY = '(prefers-color-scheme: dark)'

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {}
  const mql = window.matchMedia(QUERY)
  mql.addEventListener('change', onChange)
  return () => mql.removeEventListener('change', onChange)
}
const prefersDark = () => typeof window !== 'undefined' && Boolean(window.matchMedia?.(QUERY).matches)

/** 'light' | 'dark' for a theme mode; 'system' follows `prefers-color-scheme` live. */
export function useResolvedTheme(mode: 'light' | 'dark' | 'system'): 'light' | 'dark' {
  const dark = useSyncExternalStore(subscribe, prefersDark, () => false)
  return mode === 'system' ? (dark ? 'dark' : 'light') : mode
}
