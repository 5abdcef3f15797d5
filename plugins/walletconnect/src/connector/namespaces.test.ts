import type { Network } from '@portico/core'
import { describe, expect, it } from 'vitest'
import { toBase58, toHexMessage } from './encoding.js'
import { accountsFromSession, buildProposalNamespaces, parseAccountId } from './namespaces.js'

const net = (ns: 'eip155' | 'solana', id: number | string, rpc: string): Network => ({
  id,
  name: String(id),
  chainNamespace: ns,
  caipNetworkId: `${ns}:${id}`,
  nativeCurrency: { name: 'x', symbol: 'X', decimals: 18 },
  rpcUrls: { default: { http: [rpc] } },
})

describe('session proposal from the configured networks', () => {
  const networks = [
    net('eip155', 31337, 'http://127.0.0.1:8545'),
    net('eip155', 31338, 'http://127.0.0.1:8546'),
    net('solana', 'devnet-genesis', 'http://127.0.0.1:8899'),
  ]

  it('rpcMap points every chain at its own RPC (no read goes to a hosted RPC)', () => {
    const ns = buildProposalNamespaces(networks)
    expect(ns.eip155?.chains).toEqual(['eip155:31337', 'eip155:31338'])
    expect(ns.eip155?.rpcMap).toEqual({
      'eip155:31337': 'http://127.0.0.1:8545',
      '31337': 'http://127.0.0.1:8545',
      'eip155:31338': 'http://127.0.0.1:8546',
      '31338': 'http://127.0.0.1:8546',
    })
    expect(ns.solana?.rpcMap['solana:devnet-genesis']).toBe('http://127.0.0.1:8899')
    expect(ns.eip155?.methods).toContain('personal_sign')
    expect(ns.eip155?.events).toEqual(['accountsChanged', 'chainChanged'])
  })

  it('namespaces option narrows the proposal; defaultNetwork marks the default chain', () => {
    const ns = buildProposalNamespaces(networks, { namespaces: ['eip155'], defaultNetwork: 'eip155:31338' })
    expect(Object.keys(ns)).toEqual(['eip155'])
    expect(ns.eip155?.defaultChain).toBe('eip155:31338')
  })
})

describe('session accounts → Portico account records', () => {
  it('parses CAIP-10 ids and rejects malformed ones', () => {
    expect(parseAccountId('eip155:1:0xab')).toEqual({ caipNetworkId: 'eip155:1', address: '0xab' })
    expect(parseAccountId('eip155:1')).toBeUndefined()
    expect(parseAccountId('eip155::0xab')).toBeUndefined()
  })

  it('uses the preferred chain when the session has accounts on it, else the first, without duplicates', () => {
    const ids = ['eip155:1:0xa', 'eip155:10:0xa', 'eip155:10:0xb', 'eip155:10:0xa']
    expect(accountsFromSession('eip155', ids, 'eip155:10')).toEqual({
      caipNetworkId: 'eip155:10',
      accounts: [
        { namespace: 'eip155', address: '0xa', type: 'eoa' },
        { namespace: 'eip155', address: '0xb', type: 'eoa' },
      ],
    })
    expect(accountsFromSession('eip155', ids, 'eip155:5')?.caipNetworkId).toBe('eip155:1')
    expect(accountsFromSession('eip155', [])).toBeUndefined()
  })
})

describe('message encodings', () => {
  it('personal_sign gets UTF-8 hex; hex passes through', () => {
    expect(toHexMessage('Hi é')).toBe('0x486920c3a9')
    expect(toHexMessage('0xdeadbeef')).toBe('0xdeadbeef')
  })
  it('base58 matches known vectors (leading zeros become 1s)', () => {
    expect(toBase58(new TextEncoder().encode('Hello World!'))).toBe('2NEpo7TZRRrLZSi2U')
    expect(toBase58(new Uint8Array([0, 0, 1]))).toBe('112')
    expect(toBase58(new Uint8Array([]))).toBe('')
  })
})
