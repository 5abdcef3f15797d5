import type { Portico } from '@portico/core'
import { createContext, type ReactNode, useContext } from 'react'
import { type LocaleMessages, LocaleProvider } from '../i18n/index.js'

const PorticoContext = createContext<Portico | undefined>(undefined)

/** Thrown by every Portico hook used outside a `<PorticoProvider>`. */
export class PorticoProviderNotFoundError extends Error {
  override name = 'PorticoProviderNotFoundError'
  constructor(hook = 'usePortico') {
    super(`\`${hook}\` must be used within \`<PorticoProvider>\`.`)
  }
}

export interface PorticoProviderProps {
  /** The instance made by `createPortico(...)`. The provider carries nothing else. */
  portico: Portico
  /**
   * The UI's language, a BCP 47 tag: `en`, `es`, `zh` (Simplified; `zh-CN` too), `ja`, `ar`
   * (right to left) ship with Portico; `es-MX` uses `es` strings with Mexican number formats.
   * Absent: the page's `<html lang>` (followed when it changes), else English. Any string missing
   * in a locale shows in English. Changing it re-renders an open modal in place.
   */
  locale?: string
  /**
   * Extra or replacement strings by locale: core keys as is, plugin keys with the plugin's
   * catalogue id, e.g. `{ de: { connectWallet: 'Wallet verbinden', 'walletconnect.searchWallet': 'Wallet suchen' } }`.
   * Pass a stable object (a module constant or a memoized value).
   */
  messages?: LocaleMessages
  children?: ReactNode
}

/**
 * Makes a Portico instance available to the hooks and components below it, in a locale.
 *
 * @example
 * const portico = createPortico({ adapters: [evmAdapter()] })
 * <PorticoProvider portico={portico} locale="es"><ConnectButton /><PorticoModal /></PorticoProvider>
 */
export function PorticoProvider({ portico, locale, messages, children }: PorticoProviderProps) {
  return (
    <PorticoContext.Provider value={portico}>
      <LocaleProvider locale={locale} messages={messages}>
        {children}
      </LocaleProvider>
    </PorticoContext.Provider>
  )
}

/**
 * The Portico instance of the nearest `<PorticoProvider>`.
 *
 * @example
 * const portico = usePortico(); portico.open()
 */
export function usePortico(hook = 'usePortico'): Portico {
  const portico = useContext(PorticoContext)
  if (!portico) throw new PorticoProviderNotFoundError(hook)
  return portico
}
