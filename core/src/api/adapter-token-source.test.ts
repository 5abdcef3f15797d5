import { describe, expect, it } from 'vitest'
import type { Balance, TokenHolding } from '../contracts/index.js'
import { MethodNotSupportedError } from '../errors/index.js'
import { fakeNetwork } from '../test-helpers/index.js'
import { adapterTokenBalanceSource, holdingToTokenBalance } from './adapter-token-source.js'

const SOLANA = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
const sol: Balance = { value: 2_500_000_000n, decimals: 9, symbol: 'SOL', formatted: '2.500' }

describe('TokenHolding → SPEC §3 Token balance', () => {
  it('quantity.numeric is the exact decimal string, decimals a string, price 0 and no value (no fiat price known); address is the CAIP-10 id the adapter gave', () => {
    const usdc: TokenHolding = {
      token: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      caipAddress: 'eip155:31337:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
      value: 1_234_567_890_123_456_789n,
      decimals: 18,
      symbol: 'USDC',
      formatted: '1.234',
    }
    const entry = holdingToTokenBalance(usdc, 'eip155:31337')
    expect(entry).toEqual({
      name: 'USDC',
      symbol: 'USDC',
      chainId: 'eip155:31337',
      address: 'eip155:31337:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
      price: 0,
      quantity: { decimals: '18', numeric: '1.234567890123456789' },
    })
    expect('value' in entry).toBe(false)
  })

  it('a non-EVM token address keeps its case (base58 is case-sensitive)', () => {
    const entry = holdingToTokenBalance(
      { token: MINT, value: 5n, decimals: 6, symbol: 'USDC', name: 'USD Coin', formatted: '0.000' },
      SOLANA,
    )
    expect(entry).toMatchObject({ name: 'USD Coin', address: `${SOLANA}:${MINT}` })
    expect(entry.quantity).toEqual({ decimals: '6', numeric: '0.000005' })
  })
})

describe('adapterTokenBalanceSource', () => {
  it('answers the native balance first, then the non-zero holdings; a native entry has no address outside EVM', async () => {
    const network = {
      ...fakeNetwork('solana', 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1'),
      assets: { imageUrl: 'data:sol' },
    }
    network.nativeCurrency = { name: 'Solana', symbol: 'SOL', decimals: 9 }
    const source = adapterTokenBalanceSource({
      adapter: {
        getBalance: async () => sol,
        getTokenBalances: async () => [
          { token: MINT, value: 0n, decimals: 6, symbol: 'USDC', formatted: '0.000' },
          { token: 'Mint2', value: 7n, decimals: 0, symbol: 'TWO', formatted: '7.000' },
        ],
      },
      getNetwork: (id) => (id === SOLANA ? network : undefined),
    })
    const { balances } = await source.getBalance({ address: 'owner', chainId: SOLANA })
    expect(balances).toEqual([
      {
        name: 'Solana',
        symbol: 'SOL',
        chainId: SOLANA,
        price: 0,
        quantity: { decimals: '9', numeric: '2.5' },
        iconUrl: 'data:sol',
      },
      {
        name: 'TWO',
        symbol: 'TWO',
        chainId: SOLANA,
        address: `${SOLANA}:Mint2`,
        price: 0,
        quantity: { decimals: '0', numeric: '7' },
      },
    ])
  })

  it('a failing read rejects (the flow turns it into "Token Balance Unavailable")', async () => {
    const source = adapterTokenBalanceSource({
      adapter: {
        getBalance: async () => sol,
        getTokenBalances: async () => {
          throw new Error('RPC down')
        },
      },
    })
    await expect(source.getBalance({ address: 'owner', chainId: SOLANA })).rejects.toThrow('RPC down')
  })

  it('an adapter without the getTokenBalances capability → MethodNotSupportedError, never a stub', () => {
    expect(() => adapterTokenBalanceSource({ adapter: { getBalance: async () => sol } })).toThrow(
      MethodNotSupportedError,
    )
  })
})
