import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  maxUint256,
} from 'viem'
import type { Chain, ChainRegistry } from '../chains/index.js'
import { NATIVE_TOKEN_ADDRESS } from '../chains/index.js'
import { ApiError, badRequest } from '../http/errors.js'
import { factoryAbi, routerAbi } from './abi.js'

/** SPEC §8, answered for a network without a configured DEX. */
export const SWAP_NOT_SUPPORTED_MESSAGE = 'Network not supported for Swaps'
/** SPEC §8, answered for a network the gateway does not read. */
export const GAS_PRICE_NOT_SUPPORTED_MESSAGE = 'Network not supported for Gas Price'

export const swapNotSupported = () =>
  new ApiError(400, 'swap_network_not_supported', SWAP_NOT_SUPPORTED_MESSAGE)
export const gasPriceNotSupported = () =>
  new ApiError(400, 'gas_price_network_not_supported', GAS_PRICE_NOT_SUPPORTED_MESSAGE)

/** Uniswap V2 takes 0.3 % of what enters each pool. */
export const POOL_FEE_PER_MILLE = 3n
/** A built swap must be mined within this many seconds of the chain's latest block. */
export const SWAP_DEADLINE_SECONDS = 20 * 60
/**
 * Gas units assumed when an estimate is not possible (quotes, `disableEstimate`):
 * measured V2 swaps use about 110k (one pool) to 170k (two pools); this leaves room.
 */
export function assumedSwapGas(hops: number): bigint {
  return 100_000n + 60_000n * BigInt(hops)
}

/** A network's DEX: the configured router and what it says its factory and WETH are. */
export interface Dex {
  chain: Chain
  router: Address
  factory: Address
  weth: Address
}

/** A token side of a swap: the native currency or an ERC-20 on the DEX's chain. */
export interface SwapSide {
  dex: Dex
  caip10: string
  address: Address | 'native'
}

export interface Route {
  /** Token addresses the router walks (WETH for the native side). */
  path: Address[]
  /** getAmountsOut along `path`: amounts[0] in, amounts.at(-1) out. */
  amounts: bigint[]
}

/**
 * Reads and builds Uniswap V2 swaps on the configured networks. Every number
 * comes from the chain: quotes are the router's own `getAmountsOut`, so what
 * the gateway quotes is what the router will pay at that block.
 */
export class DexService {
  readonly #chains: ChainRegistry
  readonly #dex = new Map<string, Promise<Dex>>()

  constructor(chains: ChainRegistry) {
    this.#chains = chains
  }

  /** The DEX of a CAIP-2 network, or "Network not supported for Swaps". */
  async dex(caipNetworkId: string): Promise<Dex> {
    const chain = this.#chains.get(caipNetworkId)
    const router = chain?.config.swap?.router
    if (!chain || !router) throw swapNotSupported()
    let pending = this.#dex.get(caipNetworkId)
    if (!pending) {
      pending = (async () => {
        const r = getAddress(router)
        const [factory, weth] = await Promise.all([
          chain.client.readContract({ address: r, abi: routerAbi, functionName: 'factory' }),
          chain.client.readContract({ address: r, abi: routerAbi, functionName: 'WETH' }),
        ])
        return { chain, router: r, factory, weth }
      })()
      this.#dex.set(caipNetworkId, pending)
      // A node that was down must not stay cached as a failure.
      pending.catch(() => this.#dex.delete(caipNetworkId))
    }
    return await chainRead(pending)
  }

  /** Parses a CAIP-10 token id (`eip155:<ref>:<address>`, native as 0xeeee…eeee or `native`). */
  async side(caip10: string, field: string): Promise<SwapSide> {
    const parts = caip10.split(':')
    if (parts.length !== 3) throw badRequest(`${field} is not a CAIP-10 address`, 'invalid_address')
    if (parts[0] !== 'eip155') throw swapNotSupported()
    const dex = await this.dex(`${parts[0]}:${parts[1]}`)
    const raw = parts[2]!.toLowerCase()
    if (raw === NATIVE_TOKEN_ADDRESS || raw === 'native') {
      return { dex, caip10: `${dex.chain.caipNetworkId}:${NATIVE_TOKEN_ADDRESS}`, address: 'native' }
    }
    if (!/^0x[0-9a-f]{40}$/.test(raw))
      throw badRequest(`${field} is not an EVM token address`, 'invalid_address')
    return { dex, caip10: `${dex.chain.caipNetworkId}:${raw}`, address: getAddress(raw) }
  }

  /** True when the factory has a pair for the two tokens (WETH for native). */
  async hasPair(dex: Dex, a: Address, b: Address): Promise<boolean> {
    const pair = await chainRead(
      dex.chain.client.readContract({
        address: dex.factory,
        abi: factoryAbi,
        functionName: 'getPair',
        args: [a, b],
      }),
    )
    return BigInt(pair) !== 0n
  }

  /**
   * The best route for `amount` of `from`: the direct pool or the one through
   * WETH, whichever pays more. Undefined when no pool connects the two.
   */
  async bestRoute(from: SwapSide, to: SwapSide, amount: bigint): Promise<Route | undefined> {
    const { dex } = from
    const a = from.address === 'native' ? dex.weth : from.address
    const b = to.address === 'native' ? dex.weth : to.address
    const paths: Address[][] = [[a, b]]
    if (a !== dex.weth && b !== dex.weth) paths.push([a, dex.weth, b])
    const results = await Promise.all(
      paths.map(async (path) => {
        try {
          const amounts = await dex.chain.client.readContract({
            address: dex.router,
            abi: routerAbi,
            functionName: 'getAmountsOut',
            args: [amount, path],
          })
          return { path, amounts: [...amounts] }
        } catch (error) {
          // A missing pool makes the router revert; a node that cannot answer is an outage.
          if (isRevert(error)) return undefined
          throw new ApiError(502, 'chain_unavailable', `Chain ${dex.chain.caipNetworkId} is unavailable`)
        }
      }),
    )
    let best: Route | undefined
    for (const r of results) {
      if (r && r.amounts.at(-1)! > 0n && (!best || r.amounts.at(-1)! > best.amounts.at(-1)!)) best = r
    }
    return best
  }

  /**
   * ERC-20 allowance of `owner` for the router; native needs none (max). An address with no
   * token contract (an account, or a contract without `allowance`) is the caller's mistake: 400.
   */
  async allowance(side: SwapSide, owner: Address): Promise<bigint> {
    if (side.address === 'native') return maxUint256
    try {
      return await side.dex.chain.client.readContract({
        address: side.address,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [owner, side.dex.router],
      })
    } catch (error) {
      if (isRevert(error))
        throw badRequest(`${side.caip10} is not an ERC-20 token (it has no allowance)`, 'not_a_token')
      return await chainRead(Promise.reject(error))
    }
  }

  /** Router calldata and native value for an exact-input swap along `route`. */
  async swapCall(
    from: SwapSide,
    to: SwapSide,
    route: Route,
    amountOutMin: bigint,
    recipient: Address,
  ): Promise<{ data: Hex; value: bigint; deadline: bigint }> {
    const block = await chainRead(from.dex.chain.client.getBlock({ blockTag: 'latest' }))
    const deadline = block.timestamp + BigInt(SWAP_DEADLINE_SECONDS)
    const amountIn = route.amounts[0]!
    if (from.address === 'native') {
      return {
        data: encodeFunctionData({
          abi: routerAbi,
          functionName: 'swapExactETHForTokens',
          args: [amountOutMin, route.path, recipient, deadline],
        }),
        value: amountIn,
        deadline,
      }
    }
    const functionName = to.address === 'native' ? 'swapExactTokensForETH' : 'swapExactTokensForTokens'
    return {
      data: encodeFunctionData({
        abi: routerAbi,
        functionName,
        args: [amountIn, amountOutMin, route.path, recipient, deadline],
      }),
      value: 0n,
      deadline,
    }
  }

  /**
   * Gas limit for a call from `account`: the node's estimate plus a quarter, plus, per pool the
   * call swaps through, the two oracle writes a Uniswap V2 pair makes when a second has passed
   * since its last update. The estimate is exact only for the block it ran against: a swap
   * estimated in the same second as the pair's last update and mined a second later writes
   * `price0CumulativeLast` and `price1CumulativeLast` too (22,100 gas each the first time), which
   * a quarter does not cover on a two-pool route. A revert answers 400 with the router's reason.
   */
  async estimateGas(
    dex: Dex,
    call: { account: Address; to: Address; data: Hex; value: bigint },
    pools = 0,
  ): Promise<bigint> {
    try {
      return ((await dex.chain.client.estimateGas(call)) * 125n) / 100n + BigInt(pools) * ORACLE_WRITES_GAS
    } catch (error) {
      if (isRevert(error)) {
        const reason = error instanceof BaseError ? error.shortMessage : String(error)
        throw badRequest(`The transaction would fail: ${reason}`, 'estimate_failed')
      }
      throw new ApiError(502, 'chain_unavailable', `Chain ${dex.chain.caipNetworkId} is unavailable`)
    }
  }
}

/** Two cold zero-to-nonzero storage writes (EIP-2929/3529 pricing), the oracle update of one pair. */
const ORACLE_WRITES_GAS = 2n * 22_100n

function isRevert(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false
  if (error.walk((e) => e instanceof ContractFunctionRevertedError)) return true
  // Nodes report estimate and call reverts as JSON-RPC errors whose text names the revert.
  return /revert|returned no data|execution reverted|insufficient funds/i.test(error.message)
}

/** Awaits a chain read, turning a node failure into 502 chain_unavailable. */
export async function chainRead<T>(pending: Promise<T>): Promise<T> {
  try {
    return await pending
  } catch (error) {
    if (error instanceof ApiError) throw error
    throw new ApiError(
      502,
      'chain_unavailable',
      `Chain read failed: ${(error as Error).message.split('\n')[0]}`,
    )
  }
}
