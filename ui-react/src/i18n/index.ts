export {
  type Catalogue,
  type CatalogueProblem,
  canonicalLocale,
  checkCatalogue,
  defineCatalogue,
  formatString,
  type LocaleMessages,
  type LocaleSource,
  type LocaleStrings,
  localeChain,
  localeDirection,
  type Messages,
} from './catalogue.js'
export { porticoStrings, preloadLocale, supportedLocales } from './catalogues.js'
export { en, type PorticoStringKey, type PorticoStrings } from './en.js'
export { loadCatalogueLocales } from './loading.js'
export {
  type LocaleInfo,
  LocaleProvider,
  type LocaleProviderProps,
  PorticoLocale,
  resolveLocale,
  type Translate,
  type TranslateOf,
  translator,
  useCatalogue,
  useLocale,
  useStrings,
} from './locale.js'
