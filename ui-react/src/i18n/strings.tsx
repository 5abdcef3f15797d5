import { createContext, type ReactNode, useContext, useMemo } from 'react'
import { en, type PorticoStringKey, type PorticoStrings } from './en.js'

const StringsContext = createContext<PorticoStrings>(en)

/** A translate function: `t('continueIn', { name: 'Dev Wallet' })`. */
export type Translate = (key: PorticoStringKey, values?: Record<string, string | number>) => string

/** Fills `{name}` placeholders. Values are plain text; React escapes them when rendered. */
export function formatString(template: string, values?: Record<string, string | number>): string {
  if (!values) return template
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m))
}

/**
 * Gives the Portico components below it another locale. Missing keys fall back to English.
 *
 * @example <PorticoLocale strings={{ connectWallet: 'Wallet verbinden' }}><ConnectButton /></PorticoLocale>
 */
export function PorticoLocale({
  strings,
  children,
}: {
  strings: Partial<PorticoStrings>
  children?: ReactNode
}) {
  const merged = useMemo(() => ({ ...en, ...strings }), [strings])
  return <StringsContext.Provider value={merged}>{children}</StringsContext.Provider>
}

/** The translate function of the nearest locale (English by default). */
export function useStrings(): Translate {
  const strings = useContext(StringsContext)
  return useMemo<Translate>(() => (key, values) => formatString(strings[key], values), [strings])
}
