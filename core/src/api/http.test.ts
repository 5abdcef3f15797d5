import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildUrl } from './http.js'

describe('buildUrl', () => {
  it('joins base, path and query; arrays comma-joined; nullish skipped', () => {
    expect(
      buildUrl('http://127.0.0.1:1/api', '/v1/x', { a: 1, b: ['p', 'q'], c: undefined, d: null, e: true }),
    ).toBe('http://127.0.0.1:1/api/v1/x?a=1&b=p%2Cq&e=true')
  })
  it('property: every query value round-trips through URLSearchParams', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1 }), fc.string()), (query) => {
        const url = new URL(buildUrl('http://127.0.0.1:1', 'p', query))
        expect(Object.fromEntries(url.searchParams)).toEqual(query)
      }),
    )
  })
})
