import { useCallback, useEffect, useState } from 'react'

/** A copy button's state: 'copied' only once the clipboard took the text, 'failed' when it did not. */
export type CopyState = 'idle' | 'copied' | 'failed'

/**
 * Copy to the clipboard, telling the truth: the state becomes 'copied' only
 * after `writeText` resolved, 'failed' when the page has no clipboard or the
 * write was refused; it returns to 'idle' after 1.5 s (4 s for a failure, so
 * it can be read).
 */
export function useCopy(): { state: CopyState; copy(text: string): Promise<void> } {
  const [state, setState] = useState<CopyState>('idle')
  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), state === 'copied' ? 1500 : 4000)
    return () => clearTimeout(timer)
  }, [state])
  const copy = useCallback(async (text: string) => {
    try {
      if (!navigator.clipboard) throw new Error('the clipboard is not available on this page')
      await navigator.clipboard.writeText(text)
      setState('copied')
    } catch {
      // The visitor sees the failure on the button itself.
      setState('failed')
    }
  }, [])
  return { state, copy }
}
