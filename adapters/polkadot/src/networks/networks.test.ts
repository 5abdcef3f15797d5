import { explorerUrl, InvalidCaipNetworkIdError } from '@portico/core'
import { describe, expect, it } from 'vitest'
import { kusamaMainnet, polkadotCaipNetworkId, polkadotMainnet } from './index.js'

const POLKADOT_GENESIS = '0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3'

describe('polkadotCaipNetworkId', () => {
  it('is polkadot: and the first 32 hex characters of the genesis hash, lower-cased', () => {
    expect(polkadotCaipNetworkId(POLKADOT_GENESIS.toUpperCase().replace('0X', '0x'))).toBe(
      'polkadot:91b171bb158e2d3848fa23a9f1c25182',
    )
  })

  it.each([
    ['no 0x prefix', POLKADOT_GENESIS.slice(2)],
    ['a short hash', '0x1234'],
    ['not hex', `0x${'z'.repeat(64)}`],
    ['not a string', null as unknown as string],
  ])('a bad genesis hash (%s) is the typed InvalidCaipNetworkIdError', (_, value) => {
    expect(() => polkadotCaipNetworkId(value)).toThrow(InvalidCaipNetworkIdError)
  })
})

describe('Polkadot explorer links (Subscan)', () => {
  it('a transaction links to /extrinsic/<hash> and an account to /account/<address>, as Subscan serves them', () => {
    const hash = `0x${'ab'.repeat(32)}`
    expect(explorerUrl(polkadotMainnet, 'transaction', hash)).toBe(
      `https://polkadot.subscan.io/extrinsic/${hash}`,
    )
    expect(explorerUrl(kusamaMainnet, 'address', 'HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F')).toBe(
      'https://kusama.subscan.io/account/HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F',
    )
  })
})
