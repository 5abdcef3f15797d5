import { describe, expect, it } from 'vitest'
import { checkCatalogue, defineCatalogue, localeChain, localeDirection } from './catalogue.js'
import { porticoStrings, supportedLocales } from './catalogues.js'
import { loadCatalogueLocales } from './loading.js'
import { resolveLocale, translator } from './locale.js'

// Issue 20: every catalogue has every key of English (no missing, no extra), and English is the
// fallback for any key a locale lacks.
describe('catalogues', () => {
  it('the core catalogue ships en, es, zh, ja and ar, each with every key of English and no other', async () => {
    expect(supportedLocales).toEqual(['en', 'es', 'zh', 'ja', 'ar'])
    expect(Object.keys(porticoStrings.loaders).sort()).toEqual(['ar', 'es', 'ja', 'zh'])
    await loadCatalogueLocales(porticoStrings)
    expect(Object.keys(porticoStrings.locales).sort()).toEqual(['ar', 'es', 'ja', 'zh'])
    expect(checkCatalogue(porticoStrings, ['es', 'zh', 'ja', 'ar'])).toEqual([])
  })

  it('checkCatalogue reports missing, extra, empty keys and changed placeholders', () => {
    const c = defineCatalogue(
      'demo',
      { a: 'A {name}', b: 'B' },
      { es: { a: 'A {nombre}', c: 'C' } as never, ja: { a: 'A {name}', b: ' ' } },
    )
    expect(checkCatalogue(c, ['ar'])).toEqual([
      { locale: 'es', missing: ['b'], extra: ['c'], placeholders: ['a'], empty: [] },
      { locale: 'ja', missing: [], extra: [], placeholders: [], empty: ['b'] },
      { locale: 'ar', missing: ['a', 'b'], extra: [], placeholders: [], empty: [] },
    ])
  })

  it('a key missing in a locale shows in English; a host override wins over the catalogue', () => {
    const c = defineCatalogue('demo', { title: 'Title', body: 'Hello {name}' }, { es: { title: 'Título' } })
    const t = translator(c, resolveLocale('es-MX', { 'es-MX': { 'demo.title': 'Título (MX)' } }))
    expect(t('title')).toBe('Título (MX)')
    expect(t('body', { name: 'Ana' })).toBe('Hello Ana')
    expect(translator(c, resolveLocale('es'))('title')).toBe('Título')
  })
})

describe('locale resolution', () => {
  it('a region falls back to its language: es-MX → es, then English', () => {
    expect(localeChain('es-MX')).toEqual(['es-MX', 'es'])
    const info = resolveLocale('es-MX')
    expect(info.locale).toBe('es-MX') // numbers keep the Mexican format
    expect(translator(porticoStrings, info)('connectWallet')).toBe('Conectar billetera')
  })

  it('zh and zh-CN get Simplified Chinese; zh-TW / zh-Hant never do', () => {
    expect(translator(porticoStrings, resolveLocale('zh-CN'))('connectWallet')).toBe('连接钱包')
    expect(translator(porticoStrings, resolveLocale('zh'))('connectWallet')).toBe('连接钱包')
    expect(localeChain('zh-TW')).toEqual(['zh-TW', 'zh-Hant'])
    expect(resolveLocale('zh-TW').locale).toBe('en')
    expect(translator(porticoStrings, resolveLocale('zh-Hant'))('connectWallet')).toBe('Connect Wallet')
  })

  it('an unknown or invalid tag is English, left to right', () => {
    expect(resolveLocale('de')).toMatchObject({ locale: 'en', dir: 'ltr' })
    expect(resolveLocale('not a tag!')).toMatchObject({ requested: 'en', locale: 'en' })
    expect(resolveLocale(undefined).locale).toBe('en')
  })

  it('Arabic (and Hebrew, Persian) are right to left; a Latin script subtag is not', () => {
    expect(resolveLocale('ar').dir).toBe('rtl')
    expect(resolveLocale('ar-EG').dir).toBe('rtl')
    expect(localeDirection('he')).toBe('rtl')
    expect(localeDirection('fa-IR')).toBe('rtl')
    expect(localeDirection('ku-Latn')).toBe('ltr')
    expect(localeDirection('ja')).toBe('ltr')
  })

  it('a locale the host adds through messages is used for its strings', () => {
    const info = resolveLocale('de-AT', { de: { connectWallet: 'Wallet verbinden' } })
    expect(info.locale).toBe('de-AT')
    const t = translator(porticoStrings, info)
    expect(t('connectWallet')).toBe('Wallet verbinden')
    expect(t('close')).toBe('Close')
  })
})
