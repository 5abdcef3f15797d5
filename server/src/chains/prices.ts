/**
 * Where fiat prices come from. The default is a static table from the
 * configuration; a live feed can implement the same interface.
 */
export interface PriceSource {
  /** Price of one unit, or undefined when unknown. `key` is CAIP-10 (lower-case), `symbol` the ticker. */
  price(currency: string, key: string, symbol: string): number | undefined
}

/**
 * Demo prices used when the configuration has no `prices` table. They are
 * fixed numbers, not market data: set `prices` (or plug a feed) in production.
 */
export const DEFAULT_PRICES: Record<string, Record<string, number>> = {
  usd: { ETH: 3000, WETH: 3000, SOL: 150, USDC: 1, USDT: 1, DAI: 1 },
}

/**
 * Static price table: looks a token up by CAIP-10 id first (`eip155:1:0x…`
 * or `eip155:1:native`), then by upper-case symbol.
 *
 * @example
 * staticPrices({ usd: { 'eip155:31337:native': 2500, USDC: 1 } })
 */
export function staticPrices(table: Record<string, Record<string, number>>): PriceSource {
  const source = Object.keys(table).length > 0 ? table : DEFAULT_PRICES
  const lowered: Record<string, Map<string, number>> = {}
  for (const [currency, prices] of Object.entries(source)) {
    lowered[currency.toLowerCase()] = new Map(
      Object.entries(prices).map(([k, v]) => [k.includes(':') ? k.toLowerCase() : k.toUpperCase(), v]),
    )
  }
  return {
    price(currency, key, symbol) {
      const t = lowered[currency.toLowerCase()]
      return t?.get(key.toLowerCase()) ?? t?.get(symbol.toUpperCase())
    },
  }
}
