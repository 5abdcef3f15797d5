import { toBech32 } from '@cosmjs/encoding'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { assertCosmosAddress, InvalidCosmosAddressError, isCosmosAddress } from './index.js'

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const prefix = fc.stringMatching(/^[a-z][a-z0-9]{0,9}$/)
const payload = fc.oneof(
  fc.uint8Array({ minLength: 20, maxLength: 20 }),
  fc.uint8Array({ minLength: 32, maxLength: 32 }),
)

describe('bech32 address validation (property-based, CosmJS toBech32 as the oracle)', () => {
  it('every 20- or 32-byte payload encoded with a prefix is valid for that prefix, and only that one', () => {
    fc.assert(
      fc.property(prefix, prefix, payload, (hrp, other, data) => {
        const address = toBech32(hrp, data)
        expect(isCosmosAddress(address)).toBe(true)
        expect(isCosmosAddress(address, hrp)).toBe(true)
        expect(isCosmosAddress(address, other)).toBe(other === hrp)
      }),
    )
  })

  it('any single changed character in the data part breaks the checksum', () => {
    fc.assert(
      fc.property(prefix, payload, fc.nat(), fc.nat(), (hrp, data, at, replacement) => {
        const address = toBech32(hrp, data)
        const start = hrp.length + 1
        const i = start + (at % (address.length - start))
        const c = CHARSET[replacement % 32]!
        fc.pre(c !== address[i])
        expect(isCosmosAddress(address.slice(0, i) + c + address.slice(i + 1), hrp)).toBe(false)
      }),
    )
  })

  it('payloads of other lengths, uppercase forms and non-strings are refused', () => {
    fc.assert(
      fc.property(prefix, fc.uint8Array({ minLength: 1, maxLength: 40 }), (hrp, data) => {
        fc.pre(data.length !== 20 && data.length !== 32)
        expect(isCosmosAddress(toBech32(hrp, data, 200), hrp)).toBe(false)
      }),
    )
    const ok = toBech32('cosmos', new Uint8Array(20).fill(7))
    expect(isCosmosAddress(ok.toUpperCase())).toBe(false)
    for (const bad of [undefined, null, 42, {}, '', 'cosmos1', `${ok} `])
      expect(isCosmosAddress(bad)).toBe(false)
  })

  it('assertCosmosAddress throws a typed InvalidCosmosAddressError naming the expected prefix', () => {
    const osmo = toBech32('osmo', new Uint8Array(20).fill(1))
    expect(() => assertCosmosAddress(osmo, 'cosmos')).toThrow(InvalidCosmosAddressError)
    expect(() => assertCosmosAddress(osmo, 'cosmos')).toThrow(/prefix "cosmos"/)
    expect(() => assertCosmosAddress(osmo, 'osmo')).not.toThrow()
  })
})
