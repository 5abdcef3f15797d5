import type { Wallet } from '@wallet-standard/base'
import { describe, expect, it } from 'vitest'
import {
  isSolanaWallet,
  MAX_WALLET_NAME_LENGTH,
  sanitizeWalletIcon,
  sanitizeWalletName,
  toConnectors,
} from './index.js'

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
  it('names are plain text: controls and bidi overrides removed, whitespace collapsed, cut to 64', () => {
    expect(sanitizeWalletName('  Pha\u202entom\u0007\n Wallet ')).toBe('Phantom Wallet')
    const long = sanitizeWalletName('W'.repeat(200))!
    expect([...long]).toHaveLength(MAX_WALLET_NAME_LENGTH)
    expect(long.endsWith('…')).toBe(true)
    expect(sanitizeWalletName('\u200b\u0000')).toBeUndefined()
    expect(sanitizeWalletName(42)).toBeUndefined()
  })

  it('icons are only bounded data:image URIs, never http(s) or javascript:, never active SVG', () => {
    expect(sanitizeWalletIcon('data:image/png;base64,iVBORw0KGgo=')).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    )
    expect(sanitizeWalletIcon('https://evil.example/track.png')).toBeUndefined()
    expect(sanitizeWalletIcon('javascript:alert(1)')).toBeUndefined()
    expect(sanitizeWalletIcon('data:text/html;base64,PHNjcmlwdD4=')).toBeUndefined()
    expect(
      sanitizeWalletIcon(`data:image/svg+xml,${encodeURIComponent('<svg><script>1</script></svg>')}`),
    ).toBeUndefined()
    expect(sanitizeWalletIcon(`data:image/png;base64,${'A'.repeat(200_000)}`)).toBeUndefined()
  })

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
