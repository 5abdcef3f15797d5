export { en, type PorticoStringKey, type PorticoStrings } from './en.js'
export { formatString, PorticoLocale, type Translate, useStrings } from './strings.js'
