import { describe, expect, it } from 'vitest'
import { ACTIVATION_DELAY_MS, MIN_FRAME_HEIGHT, MIN_FRAME_WIDTH } from './approve/guard.js'
import { APPROVE_CATALOGUE, at } from './approve/strings.js'
import { chooseFrameLocale, FRAME_CATALOGUE, frameLocale, ft } from './strings.js'

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe("the signer frame's catalogue (passphrase, recovery and approval cards)", () => {
  const en = FRAME_CATALOGUE.en
  it('ships en, es, zh, ja and ar', () => {
    expect(Object.keys(FRAME_CATALOGUE).sort()).toEqual(['ar', 'en', 'es', 'ja', 'zh'])
  })

  it.each(Object.entries(FRAME_CATALOGUE))(
    '%s has every key of the English catalogue, no other, none empty, with the same placeholders',
    (_locale, strings) => {
      expect(Object.keys(strings).sort()).toEqual(Object.keys(en).sort())
      for (const [key, value] of Object.entries(strings)) {
        expect(value.trim(), key).not.toBe('')
        expect(placeholders(value), key).toEqual(placeholders(en[key as keyof typeof en]))
      }
    },
  )

  it('translations are translations: every non-English catalogue differs from English on the card titles and buttons', () => {
    for (const [locale, strings] of Object.entries(FRAME_CATALOGUE)) {
      if (locale === 'en') continue
      for (const key of ['setTitle', 'enterTitle', 'setSubmit', 'approve', 'reject', 'cancel'] as const)
        expect(strings[key], `${locale}.${key}`).not.toBe(en[key])
    }
  })

  it('a tag falls back along its chain, then to English; Arabic is laid out right to left', () => {
    expect(frameLocale('es-MX')).toBe('es')
    expect(frameLocale('zh-Hans-CN')).toBe('zh')
    expect(frameLocale('JA')).toBe('ja')
    expect(frameLocale('de')).toBe('en')
    expect(frameLocale(null)).toBe('en')
    expect(chooseFrameLocale('ar')).toEqual({ lang: 'ar', dir: 'rtl' })
    expect(ft('approve')).toBe('موافقة')
    expect(chooseFrameLocale('es')).toEqual({ lang: 'es', dir: 'ltr' })
    expect(ft('wrongMany', { left: 3 })).toBe('Frase incorrecta. Quedan 3 intentos.')
    // English keeps the texts the e2e (and visitors) already know.
    expect(chooseFrameLocale(undefined)).toEqual({ lang: 'en', dir: 'ltr' })
    expect(ft('wrongMany', { left: 4 })).toBe('Wrong passphrase. 4 tries left.')
    expect(ft('tooShort', { min: 12 })).toBe('Use at least 12 characters.')
  })
})

describe("the approval card's own catalogue (Copy, why Approve is off)", () => {
  const en = APPROVE_CATALOGUE.en
  it.each(Object.entries(APPROVE_CATALOGUE))(
    '%s has every key of the English catalogue, none empty, with the same placeholders',
    (_locale, strings) => {
      expect(Object.keys(strings).sort()).toEqual(Object.keys(en).sort())
      for (const [key, value] of Object.entries(strings)) {
        expect(value.trim(), key).not.toBe('')
        expect(placeholders(value), key).toEqual(placeholders(en[key as keyof typeof en]))
      }
    },
  )

  it('the minimum size the notice names is the one the guard enforces', () => {
    expect(MIN_FRAME_WIDTH).toBe(300)
    expect(MIN_FRAME_HEIGHT).toBe(300)
    expect(ACTIVATION_DELAY_MS).toBe(1000)
    expect(at('blockedSmall', { width: MIN_FRAME_WIDTH, height: MIN_FRAME_HEIGHT })).toBe(
      'Approve is off while this window is smaller than 300 × 300 pixels.',
    )
  })
})
