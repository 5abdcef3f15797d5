import { defaultOnrampOptions } from '@portico/core'
import { describe, expect, it } from 'vitest'
import { checkAmount } from './limits.js'

const usd = defaultOnrampOptions().paymentCurrencies[0]!

describe('SPEC §5 onramp payment limits, checked before any request', () => {
  it('10.00 is the minimum for card and ach_bank_account', () => {
    expect(checkAmount('9.99', usd, 'card')?.message).toBe('The minimum is 10.00 USD')
    expect(checkAmount('9.99', usd, 'ach_bank_account')?.message).toBe('The minimum is 10.00 USD')
    expect(checkAmount('10', usd, 'card')).toBeUndefined()
    expect(checkAmount('10.00', usd, 'ach_bank_account')).toBeUndefined()
  })

  it('7500.00 is the card maximum and 25000.00 the ach_bank_account maximum', () => {
    expect(checkAmount('7500.00', usd, 'card')).toBeUndefined()
    expect(checkAmount('7500.01', usd, 'card')?.message).toBe('The maximum by card is 7500.00 USD')
    expect(checkAmount('7500.01', usd, 'ach_bank_account')).toBeUndefined()
    expect(checkAmount('25000', usd, 'ach_bank_account')).toBeUndefined()
    expect(checkAmount('25000.01', usd, 'ach_bank_account')?.message).toBe(
      'The maximum by bank transfer is 25000.00 USD',
    )
  })

  it('empty, malformed and over-precise amounts get a clear message', () => {
    expect(checkAmount('  ', usd, 'card')).toEqual({ code: 'empty', message: 'Enter an amount' })
    for (const bad of ['abc', '-5', '1e3', '10.001', '10,5', '0x10']) {
      expect(checkAmount(bad, usd, 'card')?.code).toBe('format')
    }
    expect(checkAmount('50', usd, 'sepa')?.message).toBe('sepa is not available for USD')
    expect(checkAmount('50', undefined, 'card')?.code).toBe('no_limits')
  })
})
