import { describe, expect, it } from 'vitest'
import { checkCatalogue } from '../../i18n/index.js'
import { resolveLocale, translator } from '../../i18n/locale.js'
import { smartAccountStrings } from './strings.js'

// Issue 30 / issue 20: the smart-account texts ship every locale of the core catalogue.
describe('smart-account strings', () => {
  it('es, zh, ja and ar have every key of English, no other, and the same {name} / {origin} placeholders', () => {
    expect(checkCatalogue(smartAccountStrings, ['es', 'zh', 'ja', 'ar'])).toEqual([])
  })

  it('"Sponsored by {name}" names the sponsor in each locale', () => {
    expect(translator(smartAccountStrings, resolveLocale('en'))('sponsoredBy', { name: 'Acme' })).toBe(
      'Sponsored by Acme',
    )
    expect(translator(smartAccountStrings, resolveLocale('ja'))('sponsoredBy', { name: 'Acme' })).toBe(
      'Acme がスポンサー',
    )
  })

  it('"Sponsored by the site at {origin}" labels a bare origin as the site\'s address in each locale', () => {
    expect(
      translator(smartAccountStrings, resolveLocale('en'))('sponsoredBySite', { origin: 'app.example' }),
    ).toBe('Sponsored by the site at app.example')
    expect(
      translator(smartAccountStrings, resolveLocale('es'))('sponsoredBySite', { origin: 'app.example' }),
    ).toBe('Patrocinado por el sitio en app.example')
  })
})
