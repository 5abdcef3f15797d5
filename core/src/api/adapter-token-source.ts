import type { TokenBalance } from '../contracts/account.js'
import type { Balance, ChainAdapter, TokenHolding } from '../contracts/adapter.js'
import type { CaipNetworkId, Network } from '../contracts/network.js'
import { MethodNotSupportedError } from '../errors/index.js'
import { formatUnits } from '../utils/index.js'
import type { TokenBalanceSource } from './token-balance.js'

/**
 * One chain holding as a SPEC §3 Token balance: `quantity.numeric` is the exact
 * decimal string, `address` the CAIP-10 id of the token (the adapter's
 * `caipAddress` when it gives one, e.g. lowercase on EVM as the gateway
 * answers), `price` 0 and `value` absent because an adapter knows no fiat price.
 *
 * @example
 * holdingToTokenBalance({ token: '0xA0b8…', value: 12_500_000n, decimals: 6, symbol: 'USDC', formatted: '12.500' }, 'eip155:1')
 * // { name: 'USDC', symbol: 'USDC', chainId: 'eip155:1', address: 'eip155:1:0xa0b8…', price: 0,
 * //   quantity: { decimals: '6', numeric: '12.5' } }
 */
export function holdingToTokenBalance(holding: TokenHolding, chainId: CaipNetworkId): TokenBalance {
  return {
    name: holding.name ?? holding.symbol,
    symbol: holding.symbol,
    chainId,
    address: holding.caipAddress ?? `${chainId}:${holding.token}`,
    price: 0,
    quantity: { decimals: String(holding.decimals), numeric: formatUnits(holding.value, holding.decimals) },
  }
}

function nativeToTokenBalance(balance: Balance, chainId: CaipNetworkId, network: Network | undefined) {
  // The native-token marker comes from the network definition (the 0xeeee… convention on EVM).
  const marker = network?.nativeTokenAddress
  const entry: TokenBalance = {
    name: network?.nativeCurrency.name ?? balance.symbol,
    symbol: balance.symbol,
    chainId,
    price: 0,
    quantity: { decimals: String(balance.decimals), numeric: formatUnits(balance.value, balance.decimals) },
  }
  if (marker) entry.address = `${chainId}:${marker}`
  if (network?.assets?.imageUrl) entry.iconUrl = network.assets.imageUrl
  return entry
}

export interface AdapterTokenBalanceSourceOptions {
  adapter: Pick<ChainAdapter, 'getBalance' | 'getTokenBalances'>
  /** The configured network of an id (for the native token's name and icon). */
  getNetwork?: (caipNetworkId: CaipNetworkId) => Network | undefined
  /**
   * Reads the native balance; default `adapter.getBalance`. The core hands in
   * the read it already makes for `account.balance`, so the chain is asked once.
   */
  readNative?: (params: { address: string; caipNetworkId: CaipNetworkId }) => Promise<Balance>
}

/**
 * A token-balance source for `createTokenBalanceFlow` that reads the chain
 * through the adapter instead of a gateway: the native balance first, then the
 * adapter's `getTokenBalances` holdings, as SPEC §3 Token balances. Zero
 * holdings are left out (as the gateway does). Used by `createPortico` when
 * no `apiUrl` is set.
 *
 * @throws MethodNotSupportedError when the adapter lacks `getTokenBalances`
 * @example
 * const flow = createTokenBalanceFlow({ source: adapterTokenBalanceSource({ adapter: evmAdapter({ networks }) }),
 *   getState: () => account, setState: (patch) => Object.assign(account, patch) })
 */
export function adapterTokenBalanceSource(options: AdapterTokenBalanceSourceOptions): TokenBalanceSource {
  const { adapter } = options
  const getTokenBalances = adapter.getTokenBalances?.bind(adapter)
  if (!getTokenBalances) throw new MethodNotSupportedError({ method: 'getTokenBalances' })
  const readNative = options.readNative ?? ((params) => adapter.getBalance(params))
  return {
    async getBalance({ address, chainId }) {
      const [native, holdings] = await Promise.all([
        readNative({ address, caipNetworkId: chainId }),
        getTokenBalances({ address, caipNetworkId: chainId }),
      ])
      const balances: TokenBalance[] = []
      if (native.value !== 0n)
        balances.push(nativeToTokenBalance(native, chainId, options.getNetwork?.(chainId)))
      for (const holding of holdings) {
        if (holding.value !== 0n) balances.push(holdingToTokenBalance(holding, chainId))
      }
      return { balances }
    },
  }
}
