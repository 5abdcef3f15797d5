import { addressParams, EsploraClient, parseBitcoinAddress } from '@portico/adapter-bitcoin'
import type { BitcoinNetworkConfig } from '../config/index.js'
import {
  type BalanceNetwork,
  type BalanceReader,
  ChainReadError,
  type GatewayTokenBalance,
  tokenBalance,
} from './balances.js'
import type { PriceSource } from './prices.js'

/** CAIP-10 marker of native BTC (`bip122:<ref>:native`): Bitcoin has no token contracts. */
export const BITCOIN_NATIVE_ADDRESS = 'native'

const BTC = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }

/** True when `address` is valid (checksum, HRP / version) on this network. */
function validOn(network: BitcoinNetworkConfig, address: string): boolean {
  try {
    parseBitcoinAddress(address, addressParams(network.caipNetworkId as `bip122:${string}`))
    return true
  } catch {
    return false
  }
}

/** The BTC balance of an address: every UTXO the Esplora API lists, confirmed or in the mempool. */
async function readBitcoinBalance(
  prices: PriceSource,
  network: BitcoinNetworkConfig,
  client: EsploraClient,
  address: string,
  currency: string,
): Promise<GatewayTokenBalance[]> {
  // An address of another Bitcoin network (a testnet address asked on regtest…) holds nothing here.
  if (!validOn(network, address)) return []
  let sats: bigint
  try {
    sats = (await client.utxos(address)).reduce((s, u) => s + u.value, 0n)
  } catch (cause) {
    throw new ChainReadError(`Could not read balances on ${network.caipNetworkId}`, { cause })
  }
  const native = network.nativeCurrency ?? BTC
  const entry = tokenBalance(
    prices,
    currency,
    network.caipNetworkId,
    { ...native, address: BITCOIN_NATIVE_ADDRESS },
    sats,
  )
  return entry ? [entry] : []
}

/**
 * The configured Bitcoin networks as a `BalanceReader`, read through each
 * network's Esplora API with `@portico/adapter-bitcoin`'s validating client.
 * Addresses are accepted when valid on at least one configured network.
 *
 * @example
 * const reader = bitcoinBalanceReader([{ caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328', esploraUrl }], prices)
 */
export function bitcoinBalanceReader(
  networks: readonly BitcoinNetworkConfig[],
  prices: PriceSource,
): BalanceReader {
  const known = networks.filter((n) => {
    try {
      addressParams(n.caipNetworkId as `bip122:${string}`)
      return true
    } catch {
      return false
    }
  })
  const all: BalanceNetwork[] = known.map((n) => {
    const client = new EsploraClient(n.esploraUrl)
    return {
      caipNetworkId: n.caipNetworkId,
      hasWs: false,
      read: (address, currency) => readBitcoinBalance(prices, n, client, address, currency),
    }
  })
  const byId = new Map(all.map((n) => [n.caipNetworkId, n]))
  return {
    namespace: 'bip122',
    normalizeAddress: (value) => (known.some((n) => validOn(n, value)) ? value : undefined),
    networks: () => all,
    network: (id) => byId.get(id),
  }
}
