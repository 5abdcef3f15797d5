import { checkCatalogue } from '@portico/react'
import { describe, expect, it } from 'vitest'
import { farcasterStrings } from './strings.js'

// Issue 20 for issue 14's Farcaster views: every English key in es, zh, ja and ar — none missing, none extra.
describe('Farcaster login strings', () => {
  it('es, zh, ja and ar have every key of English, no other, with the same placeholders', () => {
    expect(farcasterStrings.id).toBe('embeddedWalletFarcaster')
    expect(Object.keys(farcasterStrings.locales).sort()).toEqual(['ar', 'es', 'ja', 'zh'])
    expect(checkCatalogue(farcasterStrings, ['es', 'zh', 'ja', 'ar'])).toEqual([])
  })
})
