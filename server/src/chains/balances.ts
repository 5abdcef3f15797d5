import { isAddress, type TokenBalance } from '@portico/core'
import { formatUnits } from 'viem'
import type { Metrics } from '../http/metrics.js'
import { normalizeAccount } from '../http/schemas.js'
import { type CacheFactory, memoryCaches, type SharedCache } from '../shared/index.js'
import type { PriceLabel, PriceSource } from './prices.js'
import { type Chain, type ChainRegistry, NATIVE_TOKEN_ADDRESS } from './registry.js'

// getEthBalance (Multicall3) and balanceOf (ERC-20) in one ABI, so one typed call list holds both.
const balanceAbi = [
  {
    type: 'function',
    name: 'balanceOf',
    stateMutability: 'view',
    inputs: [{ name: 'owner', type: 'address' }],
    outputs: [{ name: 'balance', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'getEthBalance',
    stateMutability: 'view',
    inputs: [{ name: 'addr', type: 'address' }],
    outputs: [{ name: 'balance', type: 'uint256' }],
  },
] as const

/** Thrown when a chain cannot be read; the route answers 502. */
export class ChainReadError extends Error {
  override name = 'ChainReadError'
}

/**
 * One configured network whose balances the gateway reads. Each chain family
 * (EVM, Solana) implements it; `BalanceService` caches in front of it and the
 * balance route is the same for all.
 */
export interface BalanceNetwork {
  /** CAIP-2 id, e.g. `eip155:31337` or `solana:<genesis-hash-prefix>`. */
  readonly caipNetworkId: string
  /** True when the network has a WebSocket URL (listed under `ws` in supported-chains). */
  readonly hasWs: boolean
  /** Non-zero balances (native + configured tokens) of `address`, priced in `currency`; throws `ChainReadError`. */
  read(address: string, currency: string): Promise<GatewayTokenBalance[]>
}

/**
 * The networks of one CAIP-2 namespace, with its address rule. The balance
 * route picks the reader by the namespace of `chainId` (or of the address).
 */
export interface BalanceReader {
  readonly namespace: string
  /** The address in canonical form (EVM: lower-case `0x…`), or undefined when it is not an address of this namespace. */
  normalizeAddress(value: string): string | undefined
  networks(): readonly BalanceNetwork[]
  network(caipNetworkId: string): BalanceNetwork | undefined
  /**
   * The networks an address (already normalized) can be read on when the request names no chain;
   * default all. Cosmos addresses carry their chain's prefix, so only those chains.
   */
  networksFor?(address: string): readonly BalanceNetwork[]
}

/**
 * A SPEC §3 token balance as the gateway answers it: `price` and `value`
 * only when the price is known, with `priceSource` saying whether it is the
 * operator's table (`configured`) or a made-up demo number (`demo`).
 */
export type GatewayTokenBalance = Omit<TokenBalance, 'price' | 'value'> & {
  price?: number
  value?: number
  priceSource?: PriceLabel
}

/**
 * A SPEC §3 token balance from a raw integer amount, or undefined for zero.
 * `quantity.numeric` is the exact decimal string; `value` is numeric × price.
 */
export function tokenBalance(
  prices: PriceSource,
  currency: string,
  caipNetworkId: string,
  token: { address: string; name: string; symbol: string; decimals: number; iconUrl?: string | undefined },
  raw: bigint,
): GatewayTokenBalance | undefined {
  if (raw === 0n) return undefined
  const caip10 = `${caipNetworkId}:${token.address}`
  const numeric = formatUnits(raw, token.decimals)
  const price = prices.price(currency, caip10)
  const entry: GatewayTokenBalance = {
    name: token.name,
    symbol: token.symbol,
    chainId: caipNetworkId as `${string}:${string}`,
    address: caip10,
    quantity: { decimals: String(token.decimals), numeric },
  }
  // An unknown price is left out, never 0: the visitor sees "no price", not "worth nothing".
  if (price !== undefined) {
    entry.price = price
    entry.value = Number(numeric) * price
    entry.priceSource = prices.kind
  }
  if (token.iconUrl) entry.iconUrl = token.iconUrl
  return entry
}

/** The configured EVM networks as a `BalanceReader` (one Multicall3 `aggregate3` per read). */
export function evmBalanceReader(chains: ChainRegistry, prices: PriceSource): BalanceReader {
  const wrap = (chain: Chain): BalanceNetwork => ({
    caipNetworkId: chain.caipNetworkId,
    hasWs: Boolean(chain.config.wsUrl),
    read: (address, currency) => readEvmBalances(prices, chain, address as `0x${string}`, currency),
  })
  const all = chains.all().map(wrap)
  const byId = new Map(all.map((n) => [n.caipNetworkId, n]))
  return {
    namespace: 'eip155',
    normalizeAddress: (value) => (isAddress(value, 'eip155') ? normalizeAccount(value).address : undefined),
    networks: () => all,
    network: (id) => byId.get(id),
  }
}

/**
 * Token balances (native + configured tokens) of an address on one network,
 * cached for `ttlMs` whatever the chain family. Concurrent identical reads
 * share one RPC round trip; `force` bypasses the cache and refreshes it.
 */
export class BalanceService {
  readonly #inflight = new Map<string, Promise<GatewayTokenBalance[]>>()
  readonly #cache: SharedCache<GatewayTokenBalance[]>

  constructor(
    private readonly ttlMs: number,
    private readonly metrics: Metrics,
    /** Where entries live: this process (default) or Redis, shared by every instance. */
    caches: CacheFactory = memoryCaches(),
  ) {
    this.#cache = caches.cache<GatewayTokenBalance[]>('balances', { local: true })
  }

  async get(
    network: BalanceNetwork,
    address: string,
    currency: string,
    force: boolean,
  ): Promise<GatewayTokenBalance[]> {
    const key = `${network.caipNetworkId}|${address}|${currency}`
    let token: string | undefined
    if (!force) {
      const pending = this.#inflight.get(key)
      if (pending) return pending
      const hit = await this.#cache.get(key)
      if (hit.value !== undefined) {
        this.metrics.inc('portico_balance_cache_total', 'Balance reads by cache outcome.', { result: 'hit' })
        return hit.value
      }
      token = hit.token
      // Another request may have started the same read while the cache answered.
      const started = this.#inflight.get(key)
      if (started) return started
    }
    this.metrics.inc('portico_balance_cache_total', 'Balance reads by cache outcome.', {
      result: force ? 'bypass' : 'miss',
    })
    const read = (async () => {
      // A forced refresh drops the entry everywhere first, so other instances re-read too.
      if (token === undefined) {
        await this.#cache.invalidate([key])
        token = (await this.#cache.get(key)).token
      }
      const balances = await network.read(address, currency)
      await this.#cache.set(key, balances, this.ttlMs, token)
      return balances
    })().finally(() => this.#inflight.delete(key))
    this.#inflight.set(key, read)
    return read
  }
}

/** Native + configured ERC-20 balances through one Multicall3 `aggregate3`. */
async function readEvmBalances(
  prices: PriceSource,
  chain: Chain,
  address: `0x${string}`,
  currency: string,
): Promise<GatewayTokenBalance[]> {
  const multicallAddress = chain.config.multicall3 as `0x${string}` | undefined
  if (!multicallAddress) throw new ChainReadError(`No multicall3 configured for ${chain.caipNetworkId}`)
  let results: readonly { status: 'success' | 'failure'; result?: unknown }[]
  try {
    results = await chain.client.multicall({
      multicallAddress,
      allowFailure: true,
      // One aggregate3 per chain, however many tokens: never split the calldata.
      batchSize: 0,
      contracts: [
        { address: multicallAddress, functionName: 'getEthBalance' as const },
        ...chain.tokens.map((t) => ({
          address: t.address as `0x${string}`,
          functionName: 'balanceOf' as const,
        })),
      ].map((c) => ({ ...c, abi: balanceAbi, args: [address] as const })),
    })
  } catch (cause) {
    throw new ChainReadError(`Could not read balances on ${chain.caipNetworkId}`, { cause })
  }
  const out: GatewayTokenBalance[] = []
  const add = (raw: unknown, token: Parameters<typeof tokenBalance>[3]) => {
    if (typeof raw !== 'bigint') return
    const entry = tokenBalance(prices, currency, chain.caipNetworkId, token, raw)
    if (entry) out.push(entry)
  }
  add(results[0]?.result, { ...chain.native, address: NATIVE_TOKEN_ADDRESS })
  chain.tokens.forEach((t, i) => {
    const r = results[i + 1]
    if (r?.status === 'success') {
      add(r.result, {
        address: t.address.toLowerCase(),
        name: t.name ?? t.symbol,
        symbol: t.symbol,
        decimals: t.decimals,
        iconUrl: t.iconUrl,
      })
    }
  })
  return out
}
