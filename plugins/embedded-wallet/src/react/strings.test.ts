import { checkCatalogue } from '@portico/react'
import { describe, expect, it } from 'vitest'
import { embeddedWalletStrings } from './strings.js'

// Issue 20: the plugin's catalogue has every key of English in es, zh, ja and ar — none missing, none extra.
describe('embedded wallet strings', () => {
  it('es, zh, ja and ar have every key of English, no other, with the same placeholders', () => {
    expect(embeddedWalletStrings.id).toBe('embeddedWallet')
    expect(Object.keys(embeddedWalletStrings.locales).sort()).toEqual(['ar', 'es', 'ja', 'zh'])
    expect(checkCatalogue(embeddedWalletStrings, ['es', 'zh', 'ja', 'ar'])).toEqual([])
  })

  it('SPEC §4: the code field says 6 digits and 10 minutes in English', () => {
    expect(embeddedWalletStrings.en.otpIntro).toContain('6-digit')
    expect(embeddedWalletStrings.en.otpHint).toContain('10 minutes')
  })
})
