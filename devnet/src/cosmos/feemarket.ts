import { BinaryReader, BinaryWriter } from 'cosmjs-types/binary'
import { DecCoin } from 'cosmjs-types/cosmos/base/v1beta1/coin'
import { decToAtto } from './coins.js'
import { fail, SDK_CODES } from './errors.js'
import type { OsmosisEipFeeMarketSpec } from './osmosis-txfees.js'

/** The gRPC path of Skip's x/feemarket gas price query (`feemarket/feemarket/v1/query.proto`). */
export const FEEMARKET_GAS_PRICE_PATH = '/feemarket.feemarket.v1.Query/GasPrice'

/**
 * A chain's fee market as the simulator runs it: Skip's x/feemarket
 * (`FeeMarket`, below) or Osmosis's x/txfees EIP-1559 (`OsmosisEipFeeMarket`).
 */
export interface ChainFeeMarket {
  readonly kind: 'skip-feemarket' | 'osmosis-eip'
  /** The current base gas price as a decimal string (`0.028125`). */
  readonly gasPrice: string
  /** The least fee the market accepts now for a gas limit in this ante mode (`0n` where it does not bind). */
  requiredFee(gasLimit: bigint, mode?: 'check' | 'deliver'): bigint
  /** The log detail of a fee under `required` (code 13), as the module words it. */
  insufficientFeeDetail(got: string, required: string): string
  /** End of a block: the price moves with what the block's transaction wanted and used. */
  endBlock(block: { gasWanted: bigint; gasUsed: bigint }): void
}

/** A chain's fee market, as the chain spec configures it (numbers, so the spec stays JSON). */
export type FeeMarketSpec = SkipFeeMarketSpec | OsmosisEipFeeMarketSpec

/** Skip's x/feemarket parameters. */
export interface SkipFeeMarketSpec {
  kind: 'skip-feemarket'
  /** The floor of the base gas price (`MinBaseGasPrice`), decimal string in the fee denom. */
  minBaseGasPrice: string
  /** Target block gas: blocks above it raise the price, below lower it. */
  targetBlockGas: number
  /** The most gas a block counts for (`MaxBlockUtilization`). */
  maxBlockGas: number
}

const ATTO = 10n ** 18n
/** The learning rate of the module's default EIP-1559 parameters (Alpha 0, Beta 1, fixed 0.125). */
const LEARNING_RATE_PER_1000 = 125n

/**
 * Skip's x/feemarket (github.com/skip-mev/feemarket, x/feemarket/README.md) in
 * its default EIP-1559 parameters, simplified: the learning rate is fixed at
 * 0.125, the window is one block, no `Delta` term and no tips; each block's
 * utilization is the gas its transactions used (the simulator makes one block
 * per transaction). After each block:
 * `price = max(minBaseGasPrice, price × (1 + 0.125 × (used − target) / target))`.
 * The ante handler refuses a fee under `price × gas limit` in CheckTx and in
 * delivery alike (the price is consensus state, unlike a validator's own
 * `minimum-gas-prices`), with code 13 as the module does.
 */
export class FeeMarket implements ChainFeeMarket {
  readonly kind = 'skip-feemarket'
  /** The current base gas price × 10^18 (`sdk.LegacyDec` atomics). */
  private priceAtto: bigint

  constructor(
    readonly spec: SkipFeeMarketSpec,
    readonly denom: string,
  ) {
    this.priceAtto = decToAtto(spec.minBaseGasPrice)
  }

  /** The current gas price as a decimal string (`0.028125`). */
  get gasPrice(): string {
    const whole = this.priceAtto / ATTO
    const frac = (this.priceAtto % ATTO).toString().padStart(18, '0').replace(/0+$/, '')
    return frac ? `${whole}.${frac}` : `${whole}`
  }

  /** ceil(price × gas): the least fee the chain accepts for a gas limit now (CheckTx and delivery alike). */
  requiredFee(gasLimit: bigint): bigint {
    return (this.priceAtto * gasLimit + ATTO - 1n) / ATTO
  }

  insufficientFeeDetail(got: string, required: string): string {
    return `insufficient fees; got: ${got} required: ${required}`
  }

  /** End of a block that used `gasUsed`: the base price moves with its fullness. */
  endBlock({ gasUsed }: { gasUsed: bigint }): void {
    const target = BigInt(this.spec.targetBlockGas)
    const used = gasUsed > BigInt(this.spec.maxBlockGas) ? BigInt(this.spec.maxBlockGas) : gasUsed
    const next =
      this.priceAtto + (this.priceAtto * LEARNING_RATE_PER_1000 * (used - target)) / (1000n * target)
    const floor = decToAtto(this.spec.minBaseGasPrice)
    this.priceAtto = next < floor ? floor : next
  }

  /**
   * Answers `GasPriceRequest { string denom = 1 }` with `GasPriceResponse {
   * DecCoin price = 1 }`; the DecCoin's amount is the LegacyDec's atomics
   * (the price × 10^18 as an integer string), as gogoproto encodes it.
   */
  answerGasPrice(request: Uint8Array): Uint8Array {
    const reader = new BinaryReader(request)
    let denom = ''
    while (reader.pos < reader.len) {
      const tag = reader.uint32()
      if (tag >>> 3 === 1) denom = reader.string()
      else reader.skipType(tag & 7)
    }
    if (denom !== this.denom) {
      fail(
        SDK_CODES.invalidRequest,
        `unable to get gas price for denom ${denom || '(empty)'}`,
        'invalid request',
      )
    }
    const price = DecCoin.encode({ denom, amount: this.priceAtto.toString() }).finish()
    return BinaryWriter.create().uint32(10).bytes(price).finish()
  }
}
