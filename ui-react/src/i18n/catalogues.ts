import { defineCatalogue } from './catalogue.js'
import { en } from './en.js'
import { ar } from './locales/ar.js'
import { es } from './locales/es.js'
import { ja } from './locales/ja.js'
import { zh } from './locales/zh.js'

/** The core UI's catalogue: English plus the locales Portico ships (es, zh = Simplified Chinese, ja, ar). */
export const porticoStrings = defineCatalogue('portico', en, { es, zh, ja, ar })

/** The locales Portico's own catalogues ship, English first. */
export const supportedLocales = ['en', 'es', 'zh', 'ja', 'ar'] as const
