import type { TokenBalanceSource } from '../api/index.js'
import type { CaipNetworkId } from '../contracts/index.js'

export interface GatewayWithFallbackOptions {
  /** The gateway (`HttpBlockchainApi`): used for the chains it covers. */
  gateway: TokenBalanceSource
  /** Whether the gateway covers a chain (its GET /v1/supported-chains list). */
  covers(caipNetworkId: CaipNetworkId): boolean | Promise<boolean>
  /** The chain adapter's `getTokenBalances` source: used for every other chain. */
  fallback: TokenBalanceSource
}

/**
 * Token balances from the gateway for the chains it lists, and from the chain
 * adapter for the others, so a chain the gateway doesn't index still shows its
 * tokens instead of nothing. The caller keeps the SPEC rules around it
 * (`createTokenBalanceFlow`: balanceLoading, "Token Balance Unavailable",
 * the 30 s retry block).
 *
 * @example
 * const source = gatewayWithAdapterFallback({ gateway: api.blockchain,
 *   covers: (id) => api.isNetworkSupported(id), fallback: adapterTokenBalanceSource({ adapter }) })
 */
export function gatewayWithAdapterFallback(options: GatewayWithFallbackOptions): TokenBalanceSource {
  return {
    async getBalance(params) {
      const source = (await options.covers(params.chainId)) ? options.gateway : options.fallback
      return await source.getBalance(params)
    },
  }
}
