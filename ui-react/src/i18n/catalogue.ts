// Catalogues: a set of strings in English plus any number of locales, looked up through a locale
// chain (`es-MX` → `es` → English). The core UI's strings are one catalogue; each plugin ships its
// own (`defineCatalogue('walletconnect', en, { es, … })`), so a third-party plugin needs nothing
// but this file's public functions.

/** Strings of one locale: `{name}` marks a value filled in at render time. */
export type Messages = { readonly [key: string]: string }

/** The strings of one locale of a catalogue whose English is `E`; missing keys show in English. */
export type LocaleStrings<E extends Messages = Messages> = { readonly [K in keyof E]?: string }

/**
 * Where a locale's strings come from: the strings themselves, or a function loading them — a
 * dynamic import, so the locale is a chunk of its own, fetched only when a visitor needs it:
 * `{ es: () => import('./locales/es.js').then((m) => m.es) }`.
 */
export type LocaleSource<E extends Messages = Messages> = LocaleStrings<E> | (() => Promise<LocaleStrings<E>>)

/**
 * A plugin's (or the core UI's) strings: English, which is complete and the fallback for any
 * missing key, and other locales by BCP 47 language tag (`es`, `zh`, `pt-BR`).
 */
export interface Catalogue<E extends Messages = Messages> {
  /** Prefix of the catalogue's keys in a host's `messages` overrides (`walletconnect.searchWallet`). */
  readonly id: string
  readonly en: E
  /** The locales whose strings are here: given inline, or loaded already. */
  readonly locales: { readonly [locale: string]: LocaleStrings<E> }
  /** Locales loaded on demand (`loadCatalogueLocales`), by tag; once loaded they are in `locales` too. */
  readonly loaders: { readonly [locale: string]: () => Promise<LocaleStrings<E>> }
}

/** Host overrides by locale: core keys as is (`connectWallet`), plugin keys with their catalogue id (`swap.title`). */
export type LocaleMessages = { readonly [locale: string]: { readonly [key: string]: string } }

/**
 * Declares a catalogue. `en` gives the keys (and their English text); every other locale may omit
 * keys, which then show in English. A locale given as a function is loaded when a visitor's locale
 * needs it (the UI waits for it; nothing in English flashes). Cheap: call it at module level.
 *
 * @example
 * export const helloStrings = defineCatalogue('hello', { title: 'Hello', wave: 'Wave at {name}' }, {
 *   es: { title: 'Hola', wave: 'Saluda a {name}' },
 *   ja: () => import('./locales/ja.js').then((m) => m.ja),
 * })
 * // in a view: const t = useCatalogue(helloStrings); t('wave', { name })
 */
export function defineCatalogue<const E extends Messages>(
  id: string,
  en: E,
  locales: { readonly [locale: string]: LocaleSource<E> } = {},
): Catalogue<E> {
  if (!/^[a-z][\w-]*$/i.test(id))
    throw new TypeError(`Catalogue id must be a word (got ${JSON.stringify(id)})`)
  const inline: Record<string, LocaleStrings<E>> = {}
  const loaders: Record<string, () => Promise<LocaleStrings<E>>> = {}
  for (const [tag, source] of Object.entries(locales)) {
    const canonical = canonicalLocale(tag) ?? tag
    if (typeof source === 'function') loaders[canonical] = source
    else inline[canonical] = source
  }
  return { id, en, locales: inline, loaders }
}

/** `es_mx` / `ES-mx` → `es-MX`; undefined when the tag is not a valid BCP 47 tag. */
export function canonicalLocale(tag: string | undefined | null): string | undefined {
  if (!tag) return undefined
  try {
    return Intl.getCanonicalLocales(tag.trim().replace(/_/g, '-'))[0]
  } catch {
    return undefined
  }
}

/** Chinese written in Traditional characters (zh-TW, zh-HK, zh-Hant…): never served the Simplified `zh`. */
function isTraditionalChinese(tag: string): boolean {
  try {
    const loc = new Intl.Locale(tag)
    return loc.language === 'zh' && loc.maximize().script === 'Hant'
  } catch {
    return false
  }
}

/**
 * The tags to look a string up under, most specific first, English excluded (it is the last
 * resort of every lookup): `es-MX` → [`es-MX`, `es`]; `zh-CN` → [`zh-CN`, `zh-Hans`, `zh`] (our
 * `zh` is Simplified); `zh-TW` → [`zh-TW`, `zh-Hant`]; `sr-Latn-RS` → [`sr-Latn-RS`, `sr-Latn`, `sr`].
 */
export function localeChain(tag: string | undefined): string[] {
  const canonical = canonicalLocale(tag)
  if (!canonical) return []
  const chain: string[] = []
  const parts = canonical.split('-')
  for (let n = parts.length; n > 0; n--) chain.push(parts.slice(0, n).join('-'))
  if (parts[0] === 'zh') {
    const traditional = isTraditionalChinese(canonical)
    const script = traditional ? 'zh-Hant' : 'zh-Hans'
    const out = chain.filter((t) => t !== 'zh')
    if (!out.includes(script)) out.push(script)
    return traditional ? out : [...out, 'zh']
  }
  return chain
}

/** Languages written right to left. */
const RTL_LANGUAGES = new Set([
  'ar',
  'arc',
  'ckb',
  'dv',
  'fa',
  'he',
  'ks',
  'ku',
  'ps',
  'sd',
  'ug',
  'ur',
  'yi',
])

/** `rtl` for Arabic, Hebrew, Persian, Urdu…; `ltr` otherwise (a script subtag wins: `ku-Latn` is ltr). */
export function localeDirection(tag: string): 'ltr' | 'rtl' {
  try {
    const loc = new Intl.Locale(tag)
    if (loc.script) return /^(Arab|Hebr|Thaa|Syrc|Nkoo|Adlm|Rohg)$/.test(loc.script) ? 'rtl' : 'ltr'
    return RTL_LANGUAGES.has(loc.language) ? 'rtl' : 'ltr'
  } catch {
    return 'ltr'
  }
}

/** Fills `{name}` placeholders. Values are plain text; React escapes them when rendered. */
export function formatString(template: string, values?: Record<string, string | number>): string {
  if (!values) return template
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m))
}

/**
 * One string of a catalogue for a locale chain: the host's override, then the catalogue's locale,
 * tag by tag; then the host's English override; then the catalogue's English.
 */
export function lookup(
  catalogue: Catalogue,
  key: string,
  chain: readonly string[],
  messages: LocaleMessages | undefined,
  prefix: string,
): string {
  const hostKey = prefix + key
  for (const tag of chain) {
    const fromHost = messages?.[tag]?.[hostKey]
    if (typeof fromHost === 'string') return fromHost
    const own = catalogue.locales[tag]?.[key]
    if (typeof own === 'string') return own
  }
  const hostEn = messages?.en?.[hostKey]
  return typeof hostEn === 'string' ? hostEn : (catalogue.en[key] ?? key)
}

/** What is wrong with one locale of a catalogue (see `checkCatalogue`). */
export interface CatalogueProblem {
  locale: string
  /** Keys of English the locale lacks. */
  missing: string[]
  /** Keys the locale has that English does not (typos, removed strings). */
  extra: string[]
  /** Keys whose `{placeholders}` differ from English's (a value would be lost or left as `{name}`). */
  placeholders: string[]
  /** Keys whose text is empty. */
  empty: string[]
}

const placeholdersOf = (text: string) =>
  [...text.matchAll(/\{(\w+)\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',')

/**
 * Compares every locale of a catalogue with English: missing and extra keys, placeholders that
 * differ, empty texts. An empty array means every locale is complete. Plugin authors call it in a
 * test: `expect(checkCatalogue(myStrings, ['es', 'ja'])).toEqual([])`.
 */
export function checkCatalogue(
  catalogue: Catalogue,
  expectedLocales: readonly string[] = [],
): CatalogueProblem[] {
  const problems: CatalogueProblem[] = []
  const enKeys = Object.keys(catalogue.en)
  const locales = new Set([...Object.keys(catalogue.locales), ...expectedLocales])
  for (const locale of locales) {
    const strings = (catalogue.locales[locale] ?? {}) as Record<string, string | undefined>
    const keys = Object.keys(strings)
    const problem: CatalogueProblem = {
      locale,
      missing: enKeys.filter((k) => typeof strings[k] !== 'string'),
      extra: keys.filter((k) => !(k in catalogue.en)),
      placeholders: enKeys.filter(
        (k) =>
          typeof strings[k] === 'string' &&
          placeholdersOf(strings[k]) !== placeholdersOf(catalogue.en[k] ?? ''),
      ),
      empty: keys.filter((k) => typeof strings[k] === 'string' && strings[k].trim() === ''),
    }
    if (problem.missing.length || problem.extra.length || problem.placeholders.length || problem.empty.length)
      problems.push(problem)
  }
  return problems
}
