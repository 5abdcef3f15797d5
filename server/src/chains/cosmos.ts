import { isAddress } from '@portico/core'
import type { CosmosNetworkConfig } from '../config/index.js'
import {
  type BalanceNetwork,
  type BalanceReader,
  ChainReadError,
  type GatewayTokenBalance,
  tokenBalance,
} from './balances.js'
import type { PriceSource } from './prices.js'

const REST_TIMEOUT_MS = 10_000
/** Bank `AllBalances` pages: a page is at most this many denoms, and at most this many pages are read. */
const PAGE_LIMIT = 200
const MAX_PAGES = 10

/** The bech32 prefix of a (checked) Cosmos address. */
function prefixOf(address: string): string {
  return address.slice(0, address.lastIndexOf('1'))
}

/** Every coin of `address` from the chain's REST API (bank `AllBalances`, following pagination). */
async function allBalances(network: CosmosNetworkConfig, address: string): Promise<Map<string, bigint>> {
  const out = new Map<string, bigint>()
  let key: string | undefined
  for (let page = 0; page < MAX_PAGES; page++) {
    const url = new URL(`${network.restUrl.replace(/\/$/, '')}/cosmos/bank/v1beta1/balances/${address}`)
    url.searchParams.set('pagination.limit', String(PAGE_LIMIT))
    if (key) url.searchParams.set('pagination.key', key)
    const res = await fetch(url, { signal: AbortSignal.timeout(REST_TIMEOUT_MS) })
    if (!res.ok) throw new Error(`REST answered HTTP ${res.status}`)
    const body = (await res.json()) as { balances?: unknown; pagination?: { next_key?: unknown } }
    if (!Array.isArray(body.balances)) throw new Error('REST answer has no balances list')
    for (const coin of body.balances as { denom?: unknown; amount?: unknown }[]) {
      if (
        typeof coin?.denom !== 'string' ||
        typeof coin.amount !== 'string' ||
        !/^\d{1,77}$/.test(coin.amount)
      ) {
        throw new Error('REST answer has a malformed coin')
      }
      out.set(coin.denom, BigInt(coin.amount))
    }
    const next = body.pagination?.next_key
    if (typeof next !== 'string' || next === '') return out
    key = next
  }
  throw new Error(`more than ${MAX_PAGES * PAGE_LIMIT} denoms`)
}

async function readCosmosBalances(
  prices: PriceSource,
  network: CosmosNetworkConfig,
  address: string,
  currency: string,
): Promise<GatewayTokenBalance[]> {
  let held: Map<string, bigint>
  try {
    held = await allBalances(network, address)
  } catch (cause) {
    throw new ChainReadError(`Could not read balances on ${network.caipNetworkId}`, { cause })
  }
  const out: GatewayTokenBalance[] = []
  for (const c of network.currencies) {
    const token = {
      address: c.denom,
      name: c.name ?? c.symbol,
      symbol: c.symbol,
      decimals: c.decimals,
      iconUrl: c.iconUrl,
    }
    const entry = tokenBalance(prices, currency, network.caipNetworkId, token, held.get(c.denom) ?? 0n)
    if (entry) out.push(entry)
  }
  return out
}

/**
 * The configured Cosmos networks as a `BalanceReader`: bank balances of the
 * listed currencies over each chain's REST API (token address = the denom,
 * e.g. `cosmos:cosmoshub-4:uatom`). An address is read only on the chains of
 * its bech32 prefix.
 *
 * @example
 * const reader = cosmosBalanceReader([{ caipNetworkId: 'cosmos:portico-hub-1', restUrl, bech32Prefix: 'cosmos', currencies }], prices)
 */
export function cosmosBalanceReader(
  networks: readonly CosmosNetworkConfig[],
  prices: PriceSource,
): BalanceReader {
  const entries = networks.map((n) => ({
    config: n,
    network: {
      caipNetworkId: n.caipNetworkId,
      hasWs: false,
      read: (address: string, currency: string) => readCosmosBalances(prices, n, address, currency),
    } satisfies BalanceNetwork,
  }))
  const all = entries.map((e) => e.network)
  const byId = new Map(all.map((n) => [n.caipNetworkId, n]))
  return {
    namespace: 'cosmos',
    normalizeAddress: (value) =>
      value === value.toLowerCase() && isAddress(value, 'cosmos') ? value : undefined,
    networks: () => all,
    network: (id) => byId.get(id),
    networksFor: (address) =>
      entries.filter((e) => e.config.bech32Prefix === prefixOf(address)).map((e) => e.network),
  }
}
