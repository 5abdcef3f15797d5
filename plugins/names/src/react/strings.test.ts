import { checkCatalogue } from '@portico/react'
import { describe, expect, it } from 'vitest'
import type { NamesMessageKey } from '../controller/index.js'
import { NAMES_ACTION_LABEL, NAMES_ACTION_LABELS } from '../plugin.js'
import { namesStrings } from './strings.js'

// Issue 20: the plugin's catalogue has every key of English in es, zh, ja and ar — none missing, none extra.
describe('names strings', () => {
  it('es, zh, ja and ar have every key of English, no other, with the same placeholders', () => {
    expect(namesStrings.id).toBe('names')
    expect(Object.keys(namesStrings.locales).sort()).toEqual(['ar', 'es', 'ja', 'zh'])
    expect(checkCatalogue(namesStrings, ['es', 'zh', 'ja', 'ar'])).toEqual([])
  })

  it('SPEC §5: the invalid-name message keeps its English text', () => {
    const key: NamesMessageKey = 'invalidName'
    expect(namesStrings.en[key]).toBe('A name needs at least 4 characters of letters, digits or hyphens')
  })

  it('the Account action reads the same as the view it opens, in every locale', () => {
    expect(NAMES_ACTION_LABEL).toBe(namesStrings.en.registerTitle)
    expect(Object.keys(NAMES_ACTION_LABELS).sort()).toEqual(['ar', 'es', 'ja', 'zh'])
    for (const [locale, label] of Object.entries(NAMES_ACTION_LABELS))
      expect(label, locale).toBe(namesStrings.locales[locale]?.registerTitle)
  })
})
