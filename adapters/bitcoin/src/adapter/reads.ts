import {
  type Balance,
  formatBalance,
  formatUnits,
  type Network,
  TokenBalanceUnavailableError,
} from '@portico/core'
import { parseBitcoinAddress } from '../address/index.js'
import type { EsploraClient } from '../esplora/index.js'
import { addressParams } from '../networks/index.js'
import type { BitcoinBalance } from './types.js'

/** An amount of sats as a Balance in the network's currency (BTC). */
export const btcBalance = (value: bigint, network: Network): Balance => ({
  value,
  decimals: network.nativeCurrency.decimals,
  symbol: network.nativeCurrency.symbol,
  formatted: formatBalance(formatUnits(value, network.nativeCurrency.decimals)),
})

/**
 * The address's UTXO total on `network`, confirmed and unconfirmed apart. The
 * address is checked for the network first; any failure to reach or read the
 * Esplora API (`esplora`) is `TokenBalanceUnavailableError`.
 */
export async function readBitcoinBalance(
  esplora: (caipNetworkId: Network['caipNetworkId']) => EsploraClient,
  network: Network,
  address: string,
): Promise<BitcoinBalance> {
  const { caipNetworkId } = network
  const { address: valid } = parseBitcoinAddress(address, addressParams(caipNetworkId))
  let utxos: Awaited<ReturnType<EsploraClient['utxos']>>
  try {
    utxos = await esplora(caipNetworkId).utxos(valid)
  } catch (e) {
    throw new TokenBalanceUnavailableError({ cause: e })
  }
  const confirmed = utxos.filter((u) => u.confirmed).reduce((s, u) => s + u.value, 0n)
  const unconfirmed = utxos.filter((u) => !u.confirmed).reduce((s, u) => s + u.value, 0n)
  return { ...btcBalance(confirmed + unconfirmed, network), confirmed, unconfirmed }
}
