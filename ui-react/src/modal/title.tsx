import { createContext, useContext, useLayoutEffect } from 'react'

export const TitleContext = createContext<((title: string | undefined) => void) | undefined>(undefined)

/**
 * Sets the modal header title while the calling view is shown. Plugin views call it too.
 *
 * @example function HelloView() { useViewTitle('Hello'); return <p>…</p> }
 */
export function useViewTitle(title: string): void {
  const setTitle = useContext(TitleContext)
  useLayoutEffect(() => {
    setTitle?.(title)
  }, [setTitle, title])
}
