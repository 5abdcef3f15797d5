import { PorticoError } from '@portico/core'
import type { CosmosNetwork } from '../networks/index.js'

/** The gRPC path of Skip's x/feemarket gas price query (`feemarket/feemarket/v1/query.proto`). */
export const FEEMARKET_GAS_PRICE_PATH = '/feemarket.feemarket.v1.Query/GasPrice'

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

/**
 * The gas price a transfer pays now, in the fee coin, as a decimal string:
 * the chain's own answer where the network config says it runs Skip's
 * x/feemarket (`GasPrice` over ABCI query, checked: the fee denom, an integer
 * of at most 40 digits, not zero), else the network's configured price. A
 * fee-market chain whose query fails is an error, not a silent fallback (the
 * configured price could be under the chain's minimum).
 */
export async function currentGasPrice(network: CosmosNetwork): Promise<string> {
  const { cosmos } = network
  if (cosmos.feeMarket !== 'skip-feemarket') return cosmos.gasPrice
  const denom = cosmos.currencies[0]!.denom
  const [{ connectComet }, { QueryClient }, { BinaryReader, BinaryWriter }, { DecCoin }] = await Promise.all([
    import('@cosmjs/tendermint-rpc'),
    import('@cosmjs/stargate'),
    import('cosmjs-types/binary'),
    import('cosmjs-types/cosmos/base/v1beta1/coin'),
  ])
  const comet = await connectComet(network.rpcUrls.default.http[0]!)
  let value: Uint8Array
  try {
    const request = BinaryWriter.create()
    request.uint32(10).string(denom)
    const response = await QueryClient.withExtensions(comet).queryAbci(
      FEEMARKET_GAS_PRICE_PATH,
      request.finish(),
    )
    value = response.value
  } finally {
    comet.disconnect()
  }
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
  if (!/^\d{1,40}$/.test(price.amount) || /^0+$/.test(price.amount))
    throw new CosmosFeeMarketError(`price amount "${price.amount}" is not a positive LegacyDec`)
  return decFromAtomics(price.amount)
}
