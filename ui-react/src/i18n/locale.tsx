import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from 'react'
import {
  type Catalogue,
  canonicalLocale,
  formatString,
  type LocaleMessages,
  localeChain,
  localeDirection,
  lookup,
  type Messages,
} from './catalogue.js'
import { porticoStrings } from './catalogues.js'
import type { PorticoStringKey, PorticoStrings } from './en.js'

/** The locale the UI below a provider renders in. */
export interface LocaleInfo {
  /** The tag asked for (the `locale` prop, else `<html lang>`), canonical; `en` when none. */
  requested: string
  /**
   * The tag text and numbers are shown in: the asked tag when the core catalogue (or the host's
   * `messages`) has its language (`es-MX` → `es-MX`), else `en`. Numbers, fiat and dates use it.
   */
  locale: string
  /** `rtl` for Arabic (and other right-to-left languages), else `ltr`. */
  dir: 'ltr' | 'rtl'
  /** Tags to look strings up under, most specific first (English is always the last resort). */
  chain: readonly string[]
  messages: LocaleMessages | undefined
}

const EN: LocaleInfo = { requested: 'en', locale: 'en', dir: 'ltr', chain: [], messages: undefined }
const LocaleContext = createContext<LocaleInfo>(EN)

/** Builds the locale record for a requested tag and the host's extra messages. */
export function resolveLocale(requested: string | undefined, messages?: LocaleMessages): LocaleInfo {
  const tag = canonicalLocale(requested) ?? 'en'
  const chain = localeChain(tag)
  const known = (t: string) =>
    t === 'en' || porticoStrings.locales[t] !== undefined || messages?.[t] !== undefined
  const match = chain.find(known)
  const locale = match === undefined ? 'en' : tag
  return { requested: tag, locale, dir: localeDirection(locale), chain, messages }
}

/** `<html lang>` of the page, watched so that a page switching its language re-renders the UI. */
function subscribeHtmlLang(onChange: () => void): () => void {
  if (typeof document === 'undefined' || typeof MutationObserver === 'undefined') return () => {}
  const observer = new MutationObserver(onChange)
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] })
  return () => observer.disconnect()
}
const readHtmlLang = () => (typeof document === 'undefined' ? '' : document.documentElement.lang)
const serverHtmlLang = () => ''
const noSubscribe = () => () => {}

export interface LocaleProviderProps {
  /** A BCP 47 tag (`es`, `es-MX`, `zh-CN`, `ar`). Absent: the page's `<html lang>`, else English. */
  locale?: string
  /** Extra or replacement strings by locale (see `LocaleMessages`). */
  messages?: LocaleMessages
  children?: ReactNode
}

/** Puts a locale in context; with no `locale` it follows `<html lang>` (SSR renders English). */
export function LocaleProvider({ locale, messages, children }: LocaleProviderProps) {
  const htmlLang = useSyncExternalStore(
    locale ? noSubscribe : subscribeHtmlLang,
    locale ? serverHtmlLang : readHtmlLang,
    serverHtmlLang,
  )
  const value = useMemo(() => resolveLocale(locale || htmlLang, messages), [locale, htmlLang, messages])
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>
}

/**
 * Overrides strings (and optionally the locale) for the Portico components below it. Missing keys
 * fall back to the outer locale, then English.
 *
 * @example <PorticoLocale strings={{ connectWallet: 'Wallet verbinden' }}><ConnectButton /></PorticoLocale>
 * @example <PorticoLocale locale="ja"><PorticoModal /></PorticoLocale>
 */
export function PorticoLocale({
  strings,
  locale,
  children,
}: {
  strings?: Partial<PorticoStrings>
  locale?: string
  children?: ReactNode
}) {
  const outer = useContext(LocaleContext)
  const value = useMemo(() => {
    const base = locale ? resolveLocale(locale, outer.messages) : outer
    if (!strings) return base
    // The override wins for every tag of the chain: put it under the first one (or `en`).
    const tag = base.chain[0] ?? 'en'
    const messages = { ...base.messages, [tag]: { ...base.messages?.[tag], ...strings } } as LocaleMessages
    return { ...base, chain: base.chain.length ? base.chain : ['en'], messages }
  }, [outer, locale, strings])
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>
}

/** The locale of the nearest provider (English outside any). */
export function useLocale(): LocaleInfo {
  return useContext(LocaleContext)
}

/** A translate function of a catalogue: `t('continueIn', { name: 'Dev Wallet' })`. */
export type TranslateOf<K extends string> = (key: K, values?: Record<string, string | number>) => string

/** A translate function of the core UI's strings. */
export type Translate = TranslateOf<PorticoStringKey>

/** Translate function of a catalogue for a locale, outside React (tests, non-React hosts). */
export function translator<E extends Messages>(
  catalogue: Catalogue<E>,
  info: LocaleInfo,
): TranslateOf<Extract<keyof E, string>> {
  const prefix = catalogue === (porticoStrings as Catalogue) ? '' : `${catalogue.id}.`
  return (key, values) => formatString(lookup(catalogue, key, info.chain, info.messages, prefix), values)
}

/**
 * The translate function of a plugin's catalogue in the nearest locale; English for missing keys.
 *
 * @example const t = useCatalogue(helloStrings); <h3>{t('title')}</h3>
 */
export function useCatalogue<E extends Messages>(
  catalogue: Catalogue<E>,
): TranslateOf<Extract<keyof E, string>> {
  const info = useContext(LocaleContext)
  return useMemo(() => translator(catalogue, info), [catalogue, info])
}

/** The translate function of the core UI's strings in the nearest locale (English by default). */
export function useStrings(): Translate {
  return useCatalogue(porticoStrings)
}
