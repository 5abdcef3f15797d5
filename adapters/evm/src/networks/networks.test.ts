import { describe, expect, it } from 'vitest'
import { defineEvmNetwork, parseEvmChainId, withRpcUrls } from './networks.js'
import { anvil31337, anvil31338, arbitrum, base, mainnet, optimism, polygon } from './presets.js'

describe('EVM networks', () => {
  it('defineEvmNetwork gives a CAIP-2 eip155 network with native currency, RPC URLs, explorer, image, Multicall3', () => {
    const n = defineEvmNetwork({
      id: 31337,
      name: 'Local',
      rpcUrls: ['http://127.0.0.1:8545', 'http://127.0.0.1:9545'],
      explorer: { name: 'Local scan', url: 'http://127.0.0.1:4000' },
      imageUrl: 'data:image/png;base64,AA==',
    })
    expect(n).toEqual({
      id: 31337,
      name: 'Local',
      chainNamespace: 'eip155',
      caipNetworkId: 'eip155:31337',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8545', 'http://127.0.0.1:9545'] } },
      nativeTokenAddress: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
      blockExplorers: { default: { name: 'Local scan', url: 'http://127.0.0.1:4000' } },
      assets: { imageUrl: 'data:image/png;base64,AA==' },
      contracts: { multicall3: { address: '0xcA11bde05977b3631167028862bE2a173976CA11' } },
    })
    expect(
      defineEvmNetwork({ id: 5, name: 'x', rpcUrls: ['http://a'], multicall3: null }).contracts,
    ).toBeUndefined()
    expect(() => defineEvmNetwork({ id: 0, name: 'x', rpcUrls: ['http://a'] })).toThrow()
    // No RPC URL of its own: allowed, read through the gateway's RPC proxy (issue 18).
    expect(defineEvmNetwork({ id: 5, name: 'x', rpcUrls: [] }).rpcUrls.default.http).toEqual([])
    expect(defineEvmNetwork({ id: 5, name: 'x' }).rpcUrls.default.http).toEqual([])
  })

  it('presets: mainnet, common L2s and the two devnets', () => {
    expect([mainnet, optimism, arbitrum, base, polygon].map((n) => n.caipNetworkId)).toEqual([
      'eip155:1',
      'eip155:10',
      'eip155:42161',
      'eip155:8453',
      'eip155:137',
    ])
    expect(anvil31337.rpcUrls.default.http).toEqual(['http://127.0.0.1:8545'])
    expect(anvil31338.rpcUrls.default.http).toEqual(['http://127.0.0.1:8546'])
    expect(withRpcUrls(anvil31337, ['http://127.0.0.1:1']).rpcUrls.default.http).toEqual([
      'http://127.0.0.1:1',
    ])
    expect(anvil31337.rpcUrls.default.http).toEqual(['http://127.0.0.1:8545'])
  })

  it('parseEvmChainId reads eip155:<id> only', () => {
    expect(parseEvmChainId('eip155:8453')).toBe(8453)
    expect(parseEvmChainId('eip155:0')).toBeUndefined()
    expect(parseEvmChainId('solana:5eykt4')).toBeUndefined()
    expect(parseEvmChainId('eip155:0x1')).toBeUndefined()
  })
})
