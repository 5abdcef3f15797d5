import { describe, expect, it } from 'vitest'
import { ChainRegistry } from '../chains/index.js'
import { indexerSettings } from '../indexer/index.js'
import { ConfigError, DEFAULT_CONFIRMATIONS, isEvmNetwork, resolveConfig } from './index.js'

const mainnet = (indexer: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  networks: [
    {
      caipNetworkId: 'eip155:1',
      rpcUrl: 'https://rpc.example',
      indexer: { enabled: true, ...indexer },
      ...extra,
    },
  ],
})

const settings = (input: Record<string, unknown>) => {
  const c = resolveConfig(input)
  return indexerSettings(new ChainRegistry(c.networks.filter(isEvmNetwork)).all()[0]!)
}

describe('indexer configuration: fromBlock and confirmations per chain', () => {
  it('a real chain with the indexer on and no fromBlock is a configuration error (never a silent 0)', () => {
    expect(() => resolveConfig(mainnet({}))).toThrow(ConfigError)
    expect(() => resolveConfig(mainnet({}))).toThrow(
      'networks[0] (eip155:1) indexer.fromBlock is required on a real chain',
    )
    // With the indexer off, nothing is indexed and nothing is required.
    expect(() => resolveConfig(mainnet({ enabled: false }))).not.toThrow()
  })

  it(`a real chain waits ${DEFAULT_CONFIRMATIONS} confirmations unless told otherwise; 0 is refused there`, () => {
    expect(settings(mainnet({ fromBlock: 19_000_000 }))).toMatchObject({
      fromBlock: 19_000_000,
      confirmations: 12,
    })
    expect(settings(mainnet({ fromBlock: 1, confirmations: 64 })).confirmations).toBe(64)
    expect(() => resolveConfig(mainnet({ fromBlock: 1, confirmations: 0 }))).toThrow(
      'indexer.confirmations 0 is allowed on a devnet only',
    )
  })

  it('a devnet (said by `devnet: true`, or a local chain id such as 31337) starts at 0 and follows the head', () => {
    expect(settings(mainnet({}, { devnet: true }))).toMatchObject({ fromBlock: 0, confirmations: 0 })
    const local = {
      networks: [
        { caipNetworkId: 'eip155:31337', rpcUrl: 'http://127.0.0.1:8545', indexer: { enabled: true } },
      ],
    }
    expect(settings(local)).toMatchObject({ fromBlock: 0, confirmations: 0 })
    // A local chain id can be declared a real chain, and then follows the real-chain rules.
    const declared = { networks: [{ ...local.networks[0], devnet: false }] }
    expect(() => resolveConfig(declared)).toThrow('indexer.fromBlock is required')
  })
})
