import { checkCatalogue } from '@portico/react'
import { describe, expect, it } from 'vitest'
import { swapStrings } from './strings.js'

// Issue 20: the plugin's catalogue has every key of English in es, zh, ja and ar — none missing, none extra.
describe('swap strings', () => {
  it('es, zh, ja and ar have every key of English, no other, with the same placeholders', () => {
    expect(Object.keys(swapStrings.locales).sort()).toEqual(['ar', 'es', 'ja', 'zh'])
    expect(checkCatalogue(swapStrings, ['es', 'zh', 'ja', 'ar'])).toEqual([])
  })
})
