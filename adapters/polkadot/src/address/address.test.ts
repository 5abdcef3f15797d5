import { checkAddress, cryptoWaitReady, encodeAddress } from '@polkadot/util-crypto'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { InvalidPolkadotAddressError } from '../errors/index.js'
import { assertNetworkAddress, decodeSs58, encodeSs58, isPolkadotAddress, reencodeAddress } from './index.js'

const ALICE_GENERIC = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'
const ALICE_POLKADOT = '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5'
const prefixArb = fc.integer({ min: 0, max: 16383 }).filter((p) => p !== 46 && p !== 47)
const keyArb = fc.uint8Array({ minLength: 32, maxLength: 32 })

beforeAll(async () => {
  await cryptoWaitReady()
})

describe('SS58 addresses', () => {
  it('encodes like @polkadot/util-crypto for any 32-byte key and any prefix, and decodes back', () => {
    fc.assert(
      fc.property(keyArb, prefixArb, (key, prefix) => {
        const ours = encodeSs58(key, prefix)
        expect(ours).toBe(encodeAddress(key, prefix))
        const decoded = decodeSs58(ours)
        expect(decoded.prefix).toBe(prefix)
        expect([...decoded.publicKey]).toEqual([...key])
      }),
      { numRuns: 300 },
    )
  })

  it('re-encodes Alice from the generic prefix 42 to Polkadot (0)', () => {
    expect(reencodeAddress(ALICE_GENERIC, 0)).toBe(ALICE_POLKADOT)
    expect(isPolkadotAddress(ALICE_POLKADOT, 0)).toBe(true)
    expect(isPolkadotAddress(ALICE_POLKADOT, 42)).toBe(false)
  })

  it('malformed strings are never valid addresses and agree with util-crypto checkAddress', () => {
    const mutated = fc
      .tuple(
        keyArb,
        prefixArb,
        fc.nat(),
        fc.constantFrom(...'123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'),
      )
      .map(([key, prefix, at, ch]) => {
        const address = encodeSs58(key, prefix)
        const i = at % address.length
        return { address: address.slice(0, i) + ch + address.slice(i + 1), prefix }
      })
    fc.assert(
      fc.property(mutated, ({ address, prefix }) => {
        const [valid] = checkAddress(address, prefix)
        expect(isPolkadotAddress(address, prefix)).toBe(valid)
      }),
      { numRuns: 300 },
    )
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        if (isPolkadotAddress(s)) expect(checkAddress(s, decodeSs58(s).prefix)[0]).toBe(true)
      }),
    )
  })

  it('wrong-prefix and garbage input give InvalidPolkadotAddressError, never a crash', () => {
    expect(() => assertNetworkAddress(ALICE_GENERIC, 0)).toThrow(InvalidPolkadotAddressError)
    expect(() => assertNetworkAddress(ALICE_GENERIC, 0)).toThrow(/another network/)
    for (const bad of [
      undefined,
      42,
      '',
      '0x1234',
      'not an address',
      `${ALICE_GENERIC}x`,
      ALICE_GENERIC.slice(0, -1),
    ])
      expect(() => decodeSs58(bad)).toThrow(InvalidPolkadotAddressError)
    // Checksum: the last character changed.
    const flipped = ALICE_GENERIC.slice(0, -1) + (ALICE_GENERIC.endsWith('Y') ? 'Z' : 'Y')
    expect(() => decodeSs58(flipped)).toThrow(/checksum/)
    fc.assert(
      fc.property(fc.anything(), (v) => {
        expect(typeof isPolkadotAddress(v)).toBe('boolean')
      }),
    )
  })
})
