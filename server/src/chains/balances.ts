import type { TokenBalance } from '@portico/core'
import { formatUnits } from 'viem'
import type { Metrics } from '../http/metrics.js'
import type { PriceSource } from './prices.js'
import { type Chain, NATIVE_TOKEN_ADDRESS } from './registry.js'

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
 * Token balances (native + configured tokens) of an address, read through
 * one Multicall3 `aggregate3` per chain and cached for `ttlMs`. Concurrent
 * identical reads share one RPC call.
 */
export class BalanceService {
  readonly #cache = new Map<string, { expires: number; balances: TokenBalance[] }>()
  readonly #inflight = new Map<string, Promise<TokenBalance[]>>()

  constructor(
    private readonly prices: PriceSource,
    private readonly ttlMs: number,
    private readonly metrics: Metrics,
  ) {}

  async get(chain: Chain, address: `0x${string}`, currency: string, force: boolean): Promise<TokenBalance[]> {
    const key = `${chain.caipNetworkId}|${address}|${currency}`
    const now = Date.now()
    if (!force) {
      const hit = this.#cache.get(key)
      if (hit && hit.expires > now) {
        this.metrics.inc('portico_balance_cache_total', 'Balance reads by cache outcome.', { result: 'hit' })
        return hit.balances
      }
      const pending = this.#inflight.get(key)
      if (pending) return pending
    }
    this.metrics.inc('portico_balance_cache_total', 'Balance reads by cache outcome.', {
      result: force ? 'bypass' : 'miss',
    })
    const read = this.#read(chain, address, currency)
      .then((balances) => {
        if (this.#cache.size > 50_000) this.#cache.clear()
        this.#cache.set(key, { expires: Date.now() + this.ttlMs, balances })
        return balances
      })
      .finally(() => this.#inflight.delete(key))
    this.#inflight.set(key, read)
    return read
  }

  async #read(chain: Chain, address: `0x${string}`, currency: string): Promise<TokenBalance[]> {
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
    const out: TokenBalance[] = []
    const add = (
      raw: unknown,
      name: string,
      symbol: string,
      decimals: number,
      token: string,
      iconUrl?: string,
    ) => {
      if (typeof raw !== 'bigint' || raw === 0n) return
      const caip10 = `${chain.caipNetworkId}:${token}`
      const numeric = formatUnits(raw, decimals)
      const price = this.prices.price(currency, caip10, symbol) ?? 0
      const entry: TokenBalance = {
        name,
        symbol,
        chainId: chain.caipNetworkId as `${string}:${string}`,
        address: caip10,
        value: Number(numeric) * price,
        price,
        quantity: { decimals: String(decimals), numeric },
      }
      if (iconUrl) entry.iconUrl = iconUrl
      out.push(entry)
    }
    const n = chain.native
    add(results[0]?.result, n.name, n.symbol, n.decimals, NATIVE_TOKEN_ADDRESS)
    chain.tokens.forEach((t, i) => {
      const r = results[i + 1]
      if (r?.status === 'success') {
        add(r.result, t.name ?? t.symbol, t.symbol, t.decimals, t.address.toLowerCase(), t.iconUrl)
      }
    })
    return out
  }
}
