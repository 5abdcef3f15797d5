/** What the instance knows about where it runs. Read in `createPortico`, never at import. */
export interface Environment {
  /** A window and a document exist. False under SSR / Node. */
  isBrowser: boolean
  isMobile(): boolean
}

/** Mobile check used by the SPEC §2 open rules (mobile → AllWallets). */
function defaultIsMobile(): boolean {
  const g = globalThis as {
    navigator?: { userAgent?: string }
    matchMedia?: (q: string) => { matches: boolean }
  }
  const ua = g.navigator?.userAgent ?? ''
  if (/Android|iPhone|iPad|iPod|Mobile/i.test(ua)) return true
  try {
    return (
      g.matchMedia?.('(pointer:coarse)').matches === true &&
      g.matchMedia?.('(max-width: 700px)').matches === true
    )
  } catch {
    return false
  }
}

export function detectEnvironment(options: { isMobile?: () => boolean } = {}): Environment {
  const g = globalThis as { window?: unknown; document?: unknown }
  const isBrowser = typeof g.window !== 'undefined' && typeof g.document !== 'undefined'
  return { isBrowser, isMobile: options.isMobile ?? (() => isBrowser && defaultIsMobile()) }
}
