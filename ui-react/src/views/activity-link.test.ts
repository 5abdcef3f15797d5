import type { Network } from '@portico/core'
import { describe, expect, it } from 'vitest'
import { transactionUrl } from './Activity.js'

const net: Network = {
  id: 1,
  name: 'Net',
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:1',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  blockExplorers: { default: { name: 'Local', url: 'https://explorer.test/' } },
}

describe('Activity explorer links (issue 22)', () => {
  it('a hash from the gateway is URL-encoded into the path, so it cannot leave the explorer page', () => {
    expect(transactionUrl(net, '0xab')).toBe('https://explorer.test/tx/0xab')
    expect(transactionUrl(net, '../../evil?x=1#y')).toBe(
      'https://explorer.test/tx/..%2F..%2Fevil%3Fx%3D1%23y',
    )
  })

  it("the network's own explorer path is used (e.g. Solana's /tx/{hash}?cluster=…, a Cosmos explorer's /transactions/{hash})", () => {
    const custom = {
      ...net,
      explorerPaths: { address: '/account/{address}', transaction: '/transactions/{hash}' },
    }
    expect(transactionUrl(custom, 'AB12')).toBe('https://explorer.test/transactions/AB12')
  })

  it('no explorer, or no hash → no link', () => {
    const { blockExplorers: _none, ...bare } = net
    expect(transactionUrl(bare, '0xab')).toBeUndefined()
    expect(transactionUrl(net, '')).toBeUndefined()
  })
})
