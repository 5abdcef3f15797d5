export {
  type Catalogue,
  type CatalogueProblem,
  canonicalLocale,
  checkCatalogue,
  defineCatalogue,
  formatString,
  type LocaleMessages,
  localeChain,
  localeDirection,
  type Messages,
} from './catalogue.js'
export { porticoStrings, supportedLocales } from './catalogues.js'
export { en, type PorticoStringKey, type PorticoStrings } from './en.js'
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
