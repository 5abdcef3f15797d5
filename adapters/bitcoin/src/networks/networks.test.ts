import { InvalidCaipNetworkIdError } from '@portico/core'
import { describe, expect, it } from 'vitest'
import { BITCOIN_GENESIS_HASHES, bitcoinCaipNetworkId } from './index.js'

describe('bitcoinCaipNetworkId', () => {
  it('is bip122: and the first 32 hex characters of the genesis block hash', () => {
    expect(bitcoinCaipNetworkId(BITCOIN_GENESIS_HASHES.mainnet)).toBe(
      'bip122:000000000019d6689c085ae165831e93',
    )
  })

  it.each([
    ['a short hash', 'abc'],
    ['upper-case hex', BITCOIN_GENESIS_HASHES.regtest.toUpperCase()],
    ['a 0x prefix', `0x${BITCOIN_GENESIS_HASHES.regtest.slice(2)}`],
    ['not a string', 42 as unknown as string],
  ])('a bad genesis hash (%s) is the typed InvalidCaipNetworkIdError', (_, value) => {
    expect(() => bitcoinCaipNetworkId(value)).toThrow(InvalidCaipNetworkIdError)
  })
})
