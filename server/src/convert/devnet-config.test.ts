import { getEvmFixtures } from '@portico/devnet'
import { describe, expect, it } from 'vitest'
import { devnetStateNetworks, resolveConfig } from '../config/index.js'

describe('--devnet swap config', () => {
  it('each devnet chain gets the fixtures’ Uniswap V2 router as its swap router', () => {
    const fixtures = getEvmFixtures()
    const networks = devnetStateNetworks({
      services: {
        evm: {
          chains: [
            { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' },
            { chainId: 31338, rpcUrl: 'http://127.0.0.1:8546' },
          ],
          fixtures,
        },
      },
    })
    const config = resolveConfig({ networks })
    expect(config.networks.map((n) => [n.caipNetworkId, (n as { swap?: unknown }).swap])).toEqual([
      ['eip155:31337', { router: fixtures.dex.router }],
      ['eip155:31338', { router: fixtures.dex.router }],
    ])
  })

  it('a swap router that is not an EVM address is a configuration error', () => {
    expect(() =>
      resolveConfig({
        networks: [{ caipNetworkId: 'eip155:1', rpcUrl: 'http://127.0.0.1:1', swap: { router: 'x' } }],
      }),
    ).toThrow(/swap/)
  })
})
