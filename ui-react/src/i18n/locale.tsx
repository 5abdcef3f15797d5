import {
  createContext,
  type ReactNode,
  use,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react'
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
import { loadCatalogueLocales, localeLoadsVersion, pendingLocales, subscribeLocaleLoads } from './loading.js'

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
  /**
   * True while the asked locale's strings are on their way (a lazy chunk): the UI shows the
   * previous locale (English at first) meanwhile, and an open modal its loading state.
   */
  pending?: boolean
}

const EN: LocaleInfo = { requested: 'en', locale: 'en', dir: 'ltr', chain: [], messages: undefined }
const LocaleContext = createContext<LocaleInfo>(EN)

/** Builds the locale record for a requested tag and the host's extra messages. */
export function resolveLocale(requested: string | undefined, messages?: LocaleMessages): LocaleInfo {
  const tag = canonicalLocale(requested) ?? 'en'
  const chain = localeChain(tag)
  const known = (t: string) =>
    t === 'en' ||
    porticoStrings.locales[t] !== undefined ||
    porticoStrings.loaders[t] !== undefined ||
    messages?.[t] !== undefined
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
  const wanted = useMemo(() => resolveLocale(locale || htmlLang, messages), [locale, htmlLang, messages])
  return <LocaleContext.Provider value={useLoadedLocale(wanted)}>{children}</LocaleContext.Provider>
}

const noLoads = () => -1

/**
 * The locale to render: `wanted` once the core catalogue has its strings (loading them when they
 * are a lazy chunk), else the last locale that had them (English at first) marked `pending`, so
 * nothing flips to English while a locale loads. A locale that fails to load shows English (and
 * says why in the console); the next change of locale tries again. The server, and the hydration
 * that must match it, render lazy locales as pending: what an earlier request loaded never leaks in.
 */
function useLoadedLocale(wanted: LocaleInfo): LocaleInfo {
  const loads = useSyncExternalStore(subscribeLocaleLoads, localeLoadsVersion, noLoads)
  const pending = pendingLocales(porticoStrings, wanted.chain, loads < 0).length > 0
  const [shown, setShown] = useState<LocaleInfo | undefined>(undefined)
  const [failed, setFailed] = useState<LocaleInfo | undefined>(undefined)
  if (!pending && shown !== wanted) setShown(wanted)
  useEffect(() => {
    if (!pending) return
    let live = true
    loadCatalogueLocales(porticoStrings, wanted.chain).catch((error: unknown) => {
      console.error(`[portico] the ${wanted.requested} strings failed to load; showing English`, error)
      if (live) setFailed(wanted)
    })
    return () => {
      live = false
    }
  }, [pending, wanted])
  return useMemo(() => {
    if (!pending) return wanted
    if (failed === wanted) return { ...resolveLocale('en', wanted.messages), requested: wanted.requested }
    return { ...(shown ?? resolveLocale('en', wanted.messages)), pending: true }
  }, [pending, wanted, shown, failed])
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
  const wanted = useMemo(() => (locale ? resolveLocale(locale, outer.messages) : outer), [locale, outer])
  const loaded = useLoadedLocale(wanted)
  const value = useMemo(() => {
    const base = loaded
    if (!strings) return base
    // The override wins for every tag of the chain: put it under the first one (or `en`).
    const tag = base.chain[0] ?? 'en'
    const messages = { ...base.messages, [tag]: { ...base.messages?.[tag], ...strings } } as LocaleMessages
    return { ...base, chain: base.chain.length ? base.chain : ['en'], messages }
  }, [loaded, strings])
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

/** A thenable React reads as settled at once (`status`), for catalogues whose locale is loaded. */
const LOADED = Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined })

/**
 * The translate function of a plugin's catalogue in the nearest locale; English for missing keys.
 *
 * @example const t = useCatalogue(helloStrings); <h3>{t('title')}</h3>
 */
export function useCatalogue<E extends Messages>(
  catalogue: Catalogue<E>,
): TranslateOf<Extract<keyof E, string>> {
  const info = useContext(LocaleContext)
  // A catalogue whose locale is a lazy chunk suspends until it arrives: the view's loading state
  // shows meanwhile (in the current locale), never the view in English first.
  // (`use` is called on every render of such a catalogue, with a settled thenable once loaded:
  // React expects the call that suspended to be made again when the render resumes.)
  if (info.chain.some((tag) => catalogue.loaders[tag] !== undefined))
    use(
      pendingLocales(catalogue, info.chain).length > 0 ? loadCatalogueLocales(catalogue, info.chain) : LOADED,
    )
  return useMemo(() => translator(catalogue, info), [catalogue, info])
}

/** The translate function of the core UI's strings in the nearest locale (English by default). */
export function useStrings(): Translate {
  return useCatalogue(porticoStrings)
}
