import type { ApiPromise } from '@polkadot/api'
import { type Balance, TokenBalanceUnavailableError, type TokenHolding } from '@portico/core'
import { assertNetworkAddress } from '../address/index.js'
import { readAssetBalances, readNativeBalance } from '../chain/index.js'
import type { PolkadotNetwork } from '../networks/index.js'

type ApiOf = (network: PolkadotNetwork) => Promise<ApiPromise>

/** The address's transferable native balance; the address must carry the network's SS58 prefix. */
export async function readBalance(api: ApiOf, network: PolkadotNetwork, address: string): Promise<Balance> {
  assertNetworkAddress(address, network.ss58Prefix)
  try {
    return await readNativeBalance(await api(network), network, address)
  } catch (e) {
    throw new TokenBalanceUnavailableError({ cause: e })
  }
}

/** Balances of the Assets-pallet tokens configured on the network (narrowed to `tokens` when given). */
export async function readTokenBalances(
  api: ApiOf,
  network: PolkadotNetwork,
  address: string,
  tokens: readonly string[] | undefined,
): Promise<TokenHolding[]> {
  assertNetworkAddress(address, network.ss58Prefix)
  try {
    return await readAssetBalances(await api(network), network, address, tokens)
  } catch (e) {
    throw e instanceof TokenBalanceUnavailableError ? e : new TokenBalanceUnavailableError({ cause: e })
  }
}
