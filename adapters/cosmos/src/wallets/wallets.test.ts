import { describe, expect, it } from 'vitest'
import { createCosmosDevWallet } from '../dev-wallet/index.js'
import { discoverCosmosWallets, isKeplrLike } from './index.js'

const keplrLike = () => createCosmosDevWallet({ chains: [{ chainId: 'c-1', bech32Prefix: 'c' }] }).keplr

describe('Keplr-style wallet discovery', () => {
  it("finds window.keplr, window.leap and Cosmostation's Keplr provider, one connector each, named by Portico", () => {
    const root = {
      keplr: keplrLike(),
      leap: keplrLike(),
      cosmostation: { providers: { keplr: keplrLike() } },
    }
    const { connectors } = discoverCosmosWallets({ root })
    expect(connectors.map((c) => [c.id, c.name, c.chain])).toEqual([
      ['keplr:keplr', 'Keplr', 'cosmos'],
      ['keplr:leap', 'Leap', 'cosmos'],
      ['keplr:cosmostation.providers.keplr', 'Cosmostation', 'cosmos'],
    ])
  })

  it('objects without the Keplr methods, hostile getters and one object under two names are not offered twice', () => {
    const shared = keplrLike()
    const root = {
      keplr: shared,
      leap: shared,
      get cosmostation(): never {
        throw new Error('hostile getter')
      },
    }
    expect(discoverCosmosWallets({ root }).connectors.map((c) => c.id)).toEqual(['keplr:keplr'])
    expect(isKeplrLike({ enable() {}, getKey: 'no' })).toBe(false)
    expect(
      discoverCosmosWallets({ root: { keplr: { name: '<img src=x onerror=alert(1)>' } } }).connectors,
    ).toEqual([])
  })

  it('configured wallets come first, with sanitised names and only data: image icons', () => {
    const { connectors } = discoverCosmosWallets({
      root: undefined,
      configured: [
        { id: 'dev', name: '  Dev\u0000 Wallet ', icon: 'https://evil.example/x.png', provider: keplrLike() },
      ],
    })
    expect(connectors).toHaveLength(1)
    expect(connectors[0]!.id).toBe('keplr:dev')
    expect(connectors[0]!.imageUrl).toBeUndefined()
    expect(connectors[0]!.name).not.toContain('\u0000')
  })
})
