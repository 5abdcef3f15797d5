import {
  type Balance,
  formatBalance,
  formatUnits,
  TokenBalanceUnavailableError,
  type TokenHolding,
} from '@portico/core'
import { assertCosmosAddress } from '../address/index.js'
import type { CosmosClients } from '../client/index.js'
import type { CosmosCurrency, CosmosNetwork } from '../networks/index.js'

/** SPEC §5 display: truncated (never rounded) to 3 decimals, by core's formatter. */
export function formatDisplay(value: bigint, decimals: number): string {
  return formatBalance(formatUnits(value, decimals))
}

/**
 * How a denom is shown: from the network's currency list when known; else
 * the denom itself in base units (decimals 0) — `ibc/…` hashes shortened —
 * so an unknown coin is shown as what the chain says, never guessed.
 */
export function describeDenom(network: CosmosNetwork, denom: string): CosmosCurrency & { known: boolean } {
  const known = network.cosmos.currencies.find((c) => c.denom === denom)
  if (known) return { ...known, known: true }
  const symbol = denom.startsWith('ibc/') ? `ibc/${denom.slice(4, 10)}…` : denom
  return { denom, symbol, decimals: 0, known: false }
}

function toHolding(network: CosmosNetwork, denom: string, value: bigint): TokenHolding {
  const c = describeDenom(network, denom)
  return {
    token: denom,
    value,
    decimals: c.decimals,
    symbol: c.symbol,
    formatted: formatDisplay(value, c.decimals),
    ...(c.name ? { name: c.name } : c.known ? {} : { name: `${denom} (unlisted denom, base units)` }),
  }
}

/** The fee coin's balance (the chain's native balance) in display units. */
export async function getFeeCoinBalance(
  clients: CosmosClients,
  network: CosmosNetwork,
  address: string,
): Promise<Balance> {
  assertCosmosAddress(address, network.cosmos.bech32Prefix)
  const fee = network.cosmos.currencies[0]!
  try {
    const client = await clients.get(network.rpcUrls.default.http[0]!)
    const coin = await client.getBalance(address, fee.denom)
    const { token: _token, name: _name, ...balance } = toHolding(network, fee.denom, BigInt(coin.amount))
    return balance
  } catch (e) {
    throw new TokenBalanceUnavailableError({ cause: e })
  }
}

/**
 * Every denom the address holds (bank `AllBalances`), in display units from
 * the network's currency list; `tokens` narrows to these denoms (listed ones
 * at zero are included).
 */
export async function getAllCosmosBalances(
  clients: CosmosClients,
  network: CosmosNetwork,
  address: string,
  tokens?: readonly string[],
): Promise<TokenHolding[]> {
  assertCosmosAddress(address, network.cosmos.bech32Prefix)
  let coins: readonly { denom: string; amount: string }[]
  try {
    const client = await clients.get(network.rpcUrls.default.http[0]!)
    coins = await client.getAllBalances(address)
  } catch (e) {
    throw new TokenBalanceUnavailableError({ cause: e })
  }
  const held = new Map(coins.map((c) => [c.denom, BigInt(c.amount)]))
  const denoms = tokens ? [...tokens] : [...held.keys()]
  return denoms.map((denom) => toHolding(network, denom, held.get(denom) ?? 0n))
}
