import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { InvalidCaipAddressError, InvalidCaipNetworkIdError } from '../errors/index.js'
import {
  isAddress,
  isCaipAddress,
  isCaipNetworkId,
  parseCaipAddress,
  parseCaipNetworkId,
  shortenAddress,
} from './address.js'

const EVM = '0x52908400098527886E0F7030069857D2E4169EE7'
const NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos', 'near'] as const

describe('isAddress (SPEC §5)', () => {
  it('EVM address: optional 0x prefix then 40 hex digits', () => {
    expect(isAddress(EVM)).toBe(true)
    expect(isAddress(EVM.slice(2))).toBe(true)
    expect(isAddress(EVM.toLowerCase(), 'eip155')).toBe(true)
    expect(isAddress(`${EVM}0`)).toBe(false) // 41 hex
    expect(isAddress(EVM.slice(0, -1))).toBe(false) // 39 hex
    expect(isAddress(`0x${'g'.repeat(40)}`)).toBe(false)
    expect(isAddress(`0X${'a'.repeat(40)}`)).toBe(false)
  })

  it('Solana address: 32 to 44 base58 characters', () => {
    expect(isAddress('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', 'solana')).toBe(true)
    expect(isAddress('1'.repeat(32), 'solana')).toBe(true)
    expect(isAddress('1'.repeat(31), 'solana')).toBe(false)
    expect(isAddress('1'.repeat(44), 'solana')).toBe(true)
    expect(isAddress('1'.repeat(45), 'solana')).toBe(false)
    expect(isAddress(`0${'1'.repeat(40)}`, 'solana')).toBe(false) // 0 is not base58
    expect(isAddress(`O${'1'.repeat(40)}`, 'solana')).toBe(false)
  })

  it('polkadot: SS58 of 47–49 base58 characters', () => {
    expect(isAddress('15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5', 'polkadot')).toBe(true)
    expect(isAddress('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY', 'polkadot')).toBe(true)
    expect(isAddress('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', 'polkadot')).toBe(false)
  })

  it('bip122: bech32/bech32m segwit with checksum, or legacy base58', () => {
    expect(isAddress('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'bip122')).toBe(true)
    expect(isAddress('bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', 'bip122')).toBe(true)
    expect(isAddress('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 'bip122')).toBe(true)
    expect(isAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'bip122')).toBe(true)
    // one changed character breaks the checksum
    expect(isAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'bip122')).toBe(false)
    // v16 with a bech32 (not bech32m) checksum is refused since BIP-350
    expect(isAddress('bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du', 'bip122')).toBe(false)
    // mixed case is refused
    expect(isAddress('bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'bip122')).toBe(false)
  })

  it('cosmos: bech32 with a 20- or 32-byte payload and a valid checksum', () => {
    expect(isAddress('cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02', 'cosmos')).toBe(true)
    expect(isAddress('osmo1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02', 'cosmos')).toBe(false)
    expect(isAddress(EVM, 'cosmos')).toBe(false)
  })

  it('unknown namespaces give false', () => {
    expect(isAddress(EVM, 'near')).toBe(false)
  })

  it('property: any value and namespace in → a boolean out, never a crash', () => {
    fc.assert(
      fc.property(fc.anything(), fc.constantFrom(...NAMESPACES), (v, ns) => {
        expect(typeof isAddress(v, ns)).toBe('boolean')
      }),
    )
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme-ascii', maxLength: 100 }),
        fc.constantFrom(...NAMESPACES),
        (v, ns) => {
          expect(typeof isAddress(v, ns)).toBe('boolean')
        },
      ),
    )
  })

  it('property: 0x + 40 hex is always an EVM address', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-fA-F]{40}$/), fc.boolean(), (hex, prefix) => {
        expect(isAddress(prefix ? `0x${hex}` : hex)).toBe(true)
      }),
    )
  })
})

describe('CAIP (SPEC §5)', () => {
  it('CAIP address: 3 non-empty colon-separated parts and a known namespace', () => {
    expect(isCaipAddress(`eip155:1:${EVM}`)).toBe(true)
    expect(isCaipAddress('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9WzDX')).toBe(true)
    expect(isCaipAddress(`foo:1:${EVM}`)).toBe(false)
    expect(isCaipAddress(`eip155::${EVM}`)).toBe(false)
    expect(isCaipAddress('eip155:1:')).toBe(false)
    expect(isCaipAddress(`eip155:1:${EVM}:x`)).toBe(false)
    expect(isCaipAddress('eip155:1')).toBe(false)
  })

  it('parseCaipAddress returns the parts; eip155 ids are numbers', () => {
    expect(parseCaipAddress(`eip155:31337:${EVM}`)).toEqual({
      namespace: 'eip155',
      reference: '31337',
      id: 31337,
      caipNetworkId: 'eip155:31337',
      address: EVM,
      caipAddress: `eip155:31337:${EVM}`,
    })
    expect(parseCaipAddress('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:abc').id).toBe(
      '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    )
  })

  it('parseCaipAddress throws InvalidCaipAddressError on bad input', () => {
    expect(() => parseCaipAddress('foo:1:0x')).toThrow(InvalidCaipAddressError)
    expect(() => parseCaipAddress('eip155:01:0xab')).toThrow(InvalidCaipAddressError)
    expect(() => parseCaipAddress(42)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidCaipAddressError: Invalid CAIP address

      Details: 42]
    `)
  })

  it('parseCaipNetworkId parses CAIP-2 and throws InvalidCaipNetworkIdError otherwise', () => {
    expect(parseCaipNetworkId('eip155:1')).toEqual({
      namespace: 'eip155',
      reference: '1',
      id: 1,
      caipNetworkId: 'eip155:1',
    })
    expect(parseCaipNetworkId('bip122:000000000019d6689c085ae165831e93').id).toBe(
      '000000000019d6689c085ae165831e93',
    )
    expect(isCaipNetworkId('cosmos:cosmoshub-4')).toBe(true)
    for (const bad of [
      'eip155',
      'eip155:',
      'eip155:abc',
      'foo:1',
      'eip155:1:2',
      `cosmos:${'a'.repeat(33)}`,
    ]) {
      expect(() => parseCaipNetworkId(bad), bad).toThrow(InvalidCaipNetworkIdError)
    }
    expect(() => parseCaipNetworkId('foo:1')).toThrowErrorMatchingInlineSnapshot(`
      [InvalidCaipNetworkIdError: Invalid CAIP network id

      Details: "foo:1"]
    `)
  })

  it('property: any string in → a boolean, or a parse result / typed error out', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.anything()), (v) => {
        expect(typeof isCaipAddress(v)).toBe('boolean')
        expect(typeof isCaipNetworkId(v)).toBe('boolean')
        try {
          expect(parseCaipAddress(v).caipAddress).toBe(v)
        } catch (e) {
          expect(e).toBeInstanceOf(InvalidCaipAddressError)
        }
        try {
          expect(parseCaipNetworkId(v).caipNetworkId).toBe(v)
        } catch (e) {
          expect(e).toBeInstanceOf(InvalidCaipNetworkIdError)
        }
      }),
    )
  })

  it('property: parse(namespace:reference:address) round-trips', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('eip155', 'solana', 'polkadot', 'bip122', 'cosmos'),
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.stringMatching(/^[A-Za-z0-9]{1,50}$/),
        (ns, ref, addr) => {
          const p = parseCaipAddress(`${ns}:${ref}:${addr}`)
          expect([p.namespace, p.reference, p.address]).toEqual([ns, String(ref), addr])
        },
      ),
    )
  })
})

describe('shortenAddress', () => {
  it('keeps 0x, the first 4 and the last 4 characters', () => {
    expect(shortenAddress(EVM)).toMatchInlineSnapshot(`"0x5290…9EE7"`)
    expect(shortenAddress('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', 6)).toBe('9WzDXw…YtAWWM')
    expect(shortenAddress('0x1234')).toBe('0x1234')
  })
  it('keeps a bech32 address’s human-readable part, so the chain stays visible', () => {
    expect(shortenAddress('cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu')).toBe('cosmos1qypq…v7xu')
    expect(shortenAddress('osmo1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5p9kwey')).toBe('osmo1qypq…kwey')
    expect(shortenAddress('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080')).toBe('bcrt1qw50…t080')
    // Base58 (Solana, SS58) has no such part.
    expect(shortenAddress('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY')).toBe('5Grw…utQY')
  })
  it('property: never longer than its input', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(shortenAddress(s).length).toBeLessThanOrEqual(s.length)
      }),
    )
  })
})
