import { PorticoError } from '@portico/core'
import type { CosmosNetwork } from '../networks/index.js'

/** The gRPC path of Skip's x/feemarket gas price query (`feemarket/feemarket/v1/query.proto`). */
export const FEEMARKET_GAS_PRICE_PATH = '/feemarket.feemarket.v1.Query/GasPrice'
/** The gRPC path of Osmosis's EIP-1559 base fee query (`osmosis/txfees/v1beta1/query.proto`). */
export const OSMOSIS_EIP_BASE_FEE_PATH = '/osmosis.txfees.v1beta1.Query/GetEipBaseFee'

/** The chain's fee-market query answered something that is not a gas price in the fee denom. */
export class CosmosFeeMarketError extends PorticoError {
  override name = 'CosmosFeeMarketError'
  override readonly code = 'COSMOS_FEE_MARKET_INVALID' as const
  constructor(details: string, options: { cause?: unknown } = {}) {
    super("The chain's fee market did not give a usable gas price", {
      details: details.slice(0, 300),
      cause: options.cause,
    })
  }
}

/** A `LegacyDec`'s atomics (value × 10^18, as gogoproto puts it on the wire) as a decimal string. */
function decFromAtomics(atomics: string): string {
  const padded = atomics.padStart(19, '0')
  const whole = padded.slice(0, -18).replace(/^0+(?=\d)/, '')
  const frac = padded.slice(-18).replace(/0+$/, '')
  return frac ? `${whole}.${frac}` : whole
}

/** A positive `LegacyDec` in atomics: an integer of at most 40 digits, not zero. */
function checkAtomics(what: string, amount: string): string {
  if (!/^\d{1,40}$/.test(amount) || /^0+$/.test(amount))
    throw new CosmosFeeMarketError(`${what} "${amount.slice(0, 60)}" is not a positive LegacyDec`)
  return decFromAtomics(amount)
}

/** One ABCI query of the chain, over a CometBFT connection opened for it. */
async function queryAbci(network: CosmosNetwork, path: string, request: Uint8Array): Promise<Uint8Array> {
  const [{ connectComet }, { QueryClient }] = await Promise.all([
    import('@cosmjs/tendermint-rpc'),
    import('@cosmjs/stargate'),
  ])
  const comet = await connectComet(network.rpcUrls.default.http[0]!)
  try {
    return (await QueryClient.withExtensions(comet).queryAbci(path, request)).value
  } finally {
    comet.disconnect()
  }
}

/** Skip's x/feemarket: `GasPriceRequest { denom = 1 }` → `GasPriceResponse { DecCoin price = 1 }`. */
async function skipGasPrice(network: CosmosNetwork): Promise<string> {
  const denom = network.cosmos.currencies[0]!.denom
  const [{ BinaryReader, BinaryWriter }, { DecCoin }] = await Promise.all([
    import('cosmjs-types/binary'),
    import('cosmjs-types/cosmos/base/v1beta1/coin'),
  ])
  const value = await queryAbci(
    network,
    FEEMARKET_GAS_PRICE_PATH,
    BinaryWriter.create().uint32(10).string(denom).finish(),
  )
  let price: { denom: string; amount: string } | undefined
  try {
    const reader = new BinaryReader(value)
    while (reader.pos < reader.len) {
      const tag = reader.uint32()
      if (tag >>> 3 === 1 && (tag & 7) === 2) price = DecCoin.decode(reader.bytes())
      else reader.skipType(tag & 7)
    }
  } catch (e) {
    throw new CosmosFeeMarketError('GasPriceResponse does not decode', { cause: e })
  }
  if (!price) throw new CosmosFeeMarketError('GasPriceResponse has no price')
  if (price.denom !== denom)
    throw new CosmosFeeMarketError(`price is in "${price.denom}", the fee coin is "${denom}"`)
  return checkAtomics('price amount', price.amount)
}

/**
 * Osmosis's x/txfees: `QueryEipBaseFeeRequest {}` → `QueryEipBaseFeeResponse
 * { string base_fee = 1 }`, a gogoproto `LegacyDec` (its atomics on the
 * wire). The base fee is in the chain's base denom (`uosmo`): the network's
 * fee coin must be it.
 */
async function osmosisBaseFee(network: CosmosNetwork): Promise<string> {
  const { BinaryReader } = await import('cosmjs-types/binary')
  const value = await queryAbci(network, OSMOSIS_EIP_BASE_FEE_PATH, new Uint8Array())
  let baseFee: string | undefined
  try {
    const reader = new BinaryReader(value)
    while (reader.pos < reader.len) {
      const tag = reader.uint32()
      if (tag >>> 3 === 1 && (tag & 7) === 2) baseFee = reader.string()
      else reader.skipType(tag & 7)
    }
  } catch (e) {
    throw new CosmosFeeMarketError('QueryEipBaseFeeResponse does not decode', { cause: e })
  }
  if (baseFee === undefined) throw new CosmosFeeMarketError('QueryEipBaseFeeResponse has no base_fee')
  return checkAtomics('base_fee', baseFee)
}

/**
 * The gas price a transfer pays now, in the fee coin, as a decimal string:
 * the chain's own answer where the network config says it runs a fee market
 * (Skip's x/feemarket `GasPrice`, or Osmosis's `GetEipBaseFee`, over ABCI
 * query, checked: the fee denom where the answer names one, an integer of at
 * most 40 digits, not zero), else the network's configured price. A
 * fee-market chain whose query fails is an error, not a silent fallback (the
 * configured price could be under the chain's minimum).
 */
export async function currentGasPrice(network: CosmosNetwork): Promise<string> {
  const { cosmos } = network
  if (cosmos.feeMarket === 'skip-feemarket') return await skipGasPrice(network)
  if (cosmos.feeMarket === 'osmosis-eip') return await osmosisBaseFee(network)
  return cosmos.gasPrice
}
