import type { Wallet } from '@wallet-standard/base'
import { describe, expect, it } from 'vitest'
import { isSolanaWallet, toConnector, walletConnectorId } from './index.js'

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

  it('connector ids come from the name and an icon digest: a namesake with another icon gets another id', () => {
    const phantom = walletConnectorId(wallet())
    expect(phantom).toMatch(/^wallet-standard:phantom-[0-9a-f]{8}$/)
    expect(walletConnectorId(wallet())).toBe(phantom)
    expect(walletConnectorId(wallet({ icon: 'data:image/png;base64,QUFB' as never }))).not.toBe(phantom)
    const connector = toConnector(phantom, wallet({ name: 'Solflare', icon: 'http://x/y.png' as never }))
    expect(connector).not.toHaveProperty('imageUrl')
    expect(connector).toMatchObject({ id: phantom, type: 'ANNOUNCED', chain: 'solana', installed: true })
  })
})
