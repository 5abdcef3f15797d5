import { InvalidCaipNetworkIdError } from '@portico/core'
import { describe, expect, it } from 'vitest'
import { BITCOIN_GENESIS_HASHES, bitcoinCaipNetworkId } from './index.js'
import { BITCOIN_PARAMS, REGTEST_PARAMS, TESTNET_PARAMS } from './params.js'

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

describe('address parameters written out without bitcoinjs-lib', () => {
  it("are bitcoinjs-lib's own networks (bitcoin, testnet, regtest)", async () => {
    const { networks } = await import('bitcoinjs-lib')
    expect(BITCOIN_PARAMS).toEqual(networks.bitcoin)
    expect(TESTNET_PARAMS).toEqual(networks.testnet)
    expect(REGTEST_PARAMS).toEqual(networks.regtest)
  })
})
