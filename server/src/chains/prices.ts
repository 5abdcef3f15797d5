/**
 * Where fiat prices come from. The default is a static table from the
 * configuration; a live feed can implement the same interface. Prices are
 * looked up by CAIP-10 id only: a token's symbol is chosen by whoever
 * deployed it, so "any token named USDC" must never get USDC's price.
 */
export interface PriceSource {
  /** Price of one unit of the CAIP-10 token `caip10` (`<caip2>:<address>` or `<caip2>:native`), or undefined when unknown. */
  price(currency: string, caip10: string): number | undefined
  /** `demo`: made-up numbers for local development, labelled as such in every answer; `configured`: the operator's table. */
  readonly kind: 'demo' | 'configured'
}

/** How an answer labels a price: whether it is the operator's or a demo number. */
export type PriceLabel = PriceSource['kind']

/** CAIP-10 shape the price table accepts as a key. */
export const PRICE_KEY = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/

/** Native-currency marker addresses (EVM 0xeee…, Solana's wrapped-SOL mint) are the same key as `native`. */
const NATIVE_MARKERS = new Set([
  '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
  'so11111111111111111111111111111111111111111',
])

function normalizeKey(caip10: string): string {
  const lower = caip10.toLowerCase()
  const i = lower.lastIndexOf(':')
  return NATIVE_MARKERS.has(lower.slice(i + 1)) ? `${lower.slice(0, i)}:native` : lower
}

/**
 * Demo prices used when the configuration has no `prices` table: fixed
 * numbers, not market data, keyed by CAIP-10 (mainnet ETH and stablecoins,
 * the devnet chains' ETH and fixture tokens). Answers mark them
 * `priceSource: "demo"`; set `prices` (or plug a feed) in production.
 */
export const DEFAULT_PRICES: Record<string, Record<string, number>> = {
  usd: {
    'eip155:1:native': 3000,
    'eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48': 1, // USDC
    'eip155:1:0xdac17f958d2ee523a2206206994597c13d831ec7': 1, // USDT
    'eip155:1:0x6b175474e89094c44da98b954eedeac495271d0f': 1, // DAI
    'eip155:1:0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2': 3000, // WETH
    'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:native': 150,
    // Devnet chains (portico-devnet): native ETH and the fixture USDC / DAI.
    'eip155:31337:native': 3000,
    'eip155:31337:0x700b6a60ce7eaaea56f065753d8dcb9653dbad35': 1,
    'eip155:31337:0xa15bb66138824a1c7167f5e85b957d04dd34e468': 1,
    'eip155:31338:native': 3000,
    'eip155:31338:0x700b6a60ce7eaaea56f065753d8dcb9653dbad35': 1,
    'eip155:31338:0xa15bb66138824a1c7167f5e85b957d04dd34e468': 1,
  },
}

/**
 * Static price table keyed by CAIP-10 id (`eip155:1:0x…`, `eip155:1:native`).
 * An empty table means the demo prices, labelled `demo`.
 *
 * @example
 * staticPrices({ usd: { 'eip155:31337:native': 2500, 'eip155:31337:0x…': 1 } })
 */
export function staticPrices(table: Record<string, Record<string, number>>): PriceSource {
  const demo = Object.keys(table).length === 0
  const source = demo ? DEFAULT_PRICES : table
  const lowered: Record<string, Map<string, number>> = {}
  for (const [currency, prices] of Object.entries(source)) {
    lowered[currency.toLowerCase()] = new Map(Object.entries(prices).map(([k, v]) => [normalizeKey(k), v]))
  }
  return {
    kind: demo ? 'demo' : 'configured',
    price(currency, caip10) {
      return lowered[currency.toLowerCase()]?.get(normalizeKey(caip10))
    },
  }
}

/** The keys of a price table that are not CAIP-10 ids (symbols such as `USDC`), or prices that are not positive numbers. */
export function priceTableProblems(table: Record<string, Record<string, number>>): string[] {
  const out: string[] = []
  for (const [currency, prices] of Object.entries(table)) {
    for (const [key, value] of Object.entries(prices)) {
      if (!PRICE_KEY.test(key))
        out.push(`prices.${currency}.${key}: key must be a CAIP-10 id (eip155:1:0x… or eip155:1:native)`)
      else if (!(Number.isFinite(value) && value > 0))
        out.push(`prices.${currency}.${key}: price must be a positive number`)
    }
  }
  return out
}
