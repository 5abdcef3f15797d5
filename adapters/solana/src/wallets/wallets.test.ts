import type { Wallet } from '@wallet-standard/base'
import { describe, expect, it } from 'vitest'
import { isSolanaWallet, toConnectors } from './index.js'

const feature = { version: '1.0.0' }
function wallet(overrides: Partial<Wallet> = {}): Wallet {
  return {
    version: '1.0.0',
    name: 'Phantom',
    icon: 'data:image/png;base64,iVBORw0KGgo=',
    chains: ['solana:mainnet'],
    features: { 'standard:connect': feature, 'solana:signAndSendTransaction': feature },
    accounts: [],
    ...overrides,
  } as Wallet
}

describe('Wallet Standard metadata is untrusted', () => {
  it('only wallets with a name, standard:connect, a solana chain and transaction signing are offered', () => {
    expect(isSolanaWallet(wallet())).toBe(true)
    expect(isSolanaWallet(wallet({ chains: ['sui:mainnet'] }))).toBe(false)
    expect(isSolanaWallet(wallet({ features: { 'standard:connect': feature } }))).toBe(false)
    expect(isSolanaWallet(wallet({ name: '\u0000' }))).toBe(false)
  })

  it('connectors get stable ids from the name; duplicates are numbered', () => {
    const { connectors } = toConnectors([
      wallet(),
      wallet(),
      wallet({ name: 'Solflare', icon: 'http://x/y.png' as never }),
    ])
    expect(connectors.map((c) => c.id)).toEqual([
      'wallet-standard:phantom',
      'wallet-standard:phantom-2',
      'wallet-standard:solflare',
    ])
    expect(connectors[2]).not.toHaveProperty('imageUrl')
    expect(connectors[0]).toMatchObject({ type: 'ANNOUNCED', chain: 'solana', installed: true })
  })
})
