import { describe, expect, it } from 'vitest'
import { tokenBalance } from './balances.js'
import { staticPrices } from './prices.js'

const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const FAKE = '0x000000000000000000000000000000000000beef'

describe('prices by CAIP-10 only', () => {
  it('a token that merely calls itself USDC gets no price; the real one by its CAIP-10 id does', () => {
    const prices = staticPrices({ usd: { [`eip155:1:${USDC}`]: 1, 'eip155:1:native': 3000 } })
    expect(prices.price('usd', `eip155:1:${USDC.toUpperCase().replace('0X', '0x')}`)).toBe(1)
    expect(prices.price('usd', `eip155:1:${FAKE}`)).toBeUndefined()
    expect(prices.price('usd', `eip155:10:${USDC}`)).toBeUndefined()
    // The native marker address and `native` are one key.
    expect(prices.price('usd', 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee')).toBe(3000)
    expect(prices.kind).toBe('configured')
  })

  it('an unknown price leaves price and value out (never 0)', () => {
    const prices = staticPrices({ usd: { 'eip155:1:native': 3000 } })
    const fake = tokenBalance(
      prices,
      'usd',
      'eip155:1',
      { address: FAKE, name: 'USD Coin', symbol: 'USDC', decimals: 6 },
      5_000_000n,
    )
    expect(fake).toEqual({
      name: 'USD Coin',
      symbol: 'USDC',
      chainId: 'eip155:1',
      address: `eip155:1:${FAKE}`,
      quantity: { decimals: '6', numeric: '5' },
    })
    expect(fake).not.toHaveProperty('price')
    expect(fake).not.toHaveProperty('value')
  })

  it('with no price table the demo prices answer, each labelled priceSource "demo"', () => {
    const demo = staticPrices({})
    expect(demo.kind).toBe('demo')
    const eth = tokenBalance(
      demo,
      'usd',
      'eip155:31337',
      { address: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', name: 'Ether', symbol: 'ETH', decimals: 18 },
      2n * 10n ** 18n,
    )
    expect(eth).toMatchObject({ price: 3000, value: 6000, priceSource: 'demo' })
    // Demo prices are keyed by CAIP-10 too: a look-alike symbol on another chain stays unpriced.
    const lookalike = tokenBalance(
      demo,
      'usd',
      'eip155:999',
      { address: FAKE, name: 'Ether', symbol: 'ETH', decimals: 18 },
      1n,
    )
    expect(lookalike).not.toHaveProperty('price')
  })
})
