import { defineCatalogue, localeChain } from './catalogue.js'
import { en } from './en.js'
import { loadCatalogueLocales } from './loading.js'

/**
 * The core UI's catalogue: English plus the locales Portico ships (es, zh = Simplified Chinese,
 * ja, ar). English is in the first load; every other locale is a chunk of its own, loaded when
 * the visitor's locale needs it (the UI keeps its current language until it arrives).
 */
export const porticoStrings = defineCatalogue('portico', en, {
  es: () => import('./locales/es.js').then((m) => m.es),
  zh: () => import('./locales/zh.js').then((m) => m.zh),
  ja: () => import('./locales/ja.js').then((m) => m.ja),
  ar: () => import('./locales/ar.js').then((m) => m.ar),
})

/** The locales Portico's own catalogues ship, English first. */
export const supportedLocales = ['en', 'es', 'zh', 'ja', 'ar'] as const

/**
 * Loads the core UI's strings for a locale ahead of time (they are a lazy chunk), so the first
 * render in that locale needs no wait — e.g. as soon as the visitor picks a language. English is
 * always at hand; an unknown locale resolves at once.
 *
 * @example await preloadLocale('ja'); root.render(<PorticoProvider portico={portico} locale="ja">…)
 */
export function preloadLocale(tag: string): Promise<void> {
  return loadCatalogueLocales(porticoStrings, localeChain(tag))
}
