import { describe, expect, it } from 'vitest'
import { PorticoError } from '../errors/index.js'
import { checkOnramp } from './reads.js'

describe('checkOnramp (the SPEC §7 history onramp parameter)', () => {
  it('absent stays absent; "all" and provider ids pass unchanged', () => {
    expect(checkOnramp('getActivity', undefined)).toBeUndefined()
    expect(checkOnramp('getActivity', 'all')).toBe('all')
    expect(checkOnramp('getActivity', 'coinbase')).toBe('coinbase')
  })

  it.each([[''], ['-x'], ['a b'], [42], [{}], ['x'.repeat(65)]])(
    'anything else is an INVALID_ACTIVITY_QUERY error naming the caller: %j',
    (value) => {
      let caught: unknown
      try {
        checkOnramp('setActivityQuery', value)
      } catch (error) {
        caught = error
      }
      expect(caught).toBeInstanceOf(PorticoError)
      expect((caught as PorticoError).code).toBe('INVALID_ACTIVITY_QUERY')
      expect((caught as PorticoError).message).toContain(
        'setActivityQuery: onramp must be "all" or a provider id',
      )
    },
  )
})
