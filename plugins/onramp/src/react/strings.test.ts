import { checkCatalogue } from '@portico/react'
import { describe, expect, it } from 'vitest'
import { onrampStrings } from './strings.js'

// Issue 20: the plugin's catalogue has every key of English in es, zh, ja and ar — none missing, none extra.
describe('onramp strings', () => {
  it('es, zh, ja and ar have every key of English, no other, with the same placeholders', () => {
    expect(Object.keys(onrampStrings.locales).sort()).toEqual(['ar', 'es', 'ja', 'zh'])
    expect(checkCatalogue(onrampStrings, ['es', 'zh', 'ja', 'ar'])).toEqual([])
  })
})
