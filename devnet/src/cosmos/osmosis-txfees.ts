import { BinaryReader, BinaryWriter } from 'cosmjs-types/binary'
import { decToAtto } from './coins.js'
import type { ChainFeeMarket } from './feemarket.js'

/** The gRPC path of Osmosis's base fee query (`osmosis/txfees/v1beta1/query.proto`, `GetEipBaseFee`). */
export const OSMOSIS_EIP_BASE_FEE_PATH = '/osmosis.txfees.v1beta1.Query/GetEipBaseFee'

/** Osmosis's x/txfees EIP-1559 parameters (decimal strings, so the spec stays JSON). */
export interface OsmosisEipFeeMarketSpec {
  kind: 'osmosis-eip'
  /** `MinBaseFee`: the floor, and the price a node starts with (0.0025 on Osmosis). */
  minBaseFee: string
  /** `MaxBaseFee`: the ceiling (5 on Osmosis). */
  maxBaseFee: string
  /** `TargetGas`: the gas wanted per block that keeps the price (187,500,000 on Osmosis). */
  targetBlockGas: number
}

const ATTO = 10n ** 18n
/** `MaxBlockChangeRate`, 1/10, as a fraction. */
const CHANGE_RATE_DENOMINATOR = 10n

function decString(atto: bigint): string {
  const whole = atto / ATTO
  const frac = (atto % ATTO).toString().padStart(18, '0').replace(/0+$/, '')
  return frac ? `${whole}.${frac}` : `${whole}`
}

/**
 * Osmosis's EIP-1559 fee market (github.com/osmosis-labs/osmosis,
 * x/txfees/keeper/mempool-1559/code.go and the txfees fee decorator),
 * simplified: no reset interval, no recheck factor (the simulator has no
 * mempool to recheck), no fee-token conversion. At the end of each block the
 * base fee moves with the gas the block's transactions *wanted* (their gas
 * limits, as `deliverTxCode` sums them):
 * `baseFee = clamp(baseFee × (1 + (wanted − target) / target × 1/10), min, max)`.
 * The fee decorator binds the base fee in CheckTx only (a mempool rule, not
 * consensus): a fee under `ceil(max(minimum gas price, baseFee) × gas limit)`
 * is refused with code 13 before it reaches a block; delivery does not re-check
 * it. In the simulator a transaction is checked and delivered in the same
 * step, so a fee that passes CheckTx is never refused later.
 */
export class OsmosisEipFeeMarket implements ChainFeeMarket {
  readonly kind = 'osmosis-eip'
  private baseFeeAtto: bigint

  constructor(
    readonly spec: OsmosisEipFeeMarketSpec,
    readonly denom: string,
  ) {
    if (!(Number.isInteger(spec.targetBlockGas) && spec.targetBlockGas > 0))
      throw new Error('osmosis-eip: targetBlockGas must be a positive integer')
    this.baseFeeAtto = decToAtto(spec.minBaseFee)
  }

  get gasPrice(): string {
    return decString(this.baseFeeAtto)
  }

  requiredFee(gasLimit: bigint, mode: 'check' | 'deliver' = 'check'): bigint {
    if (mode !== 'check') return 0n
    return (this.baseFeeAtto * gasLimit + ATTO - 1n) / ATTO
  }

  /** The fee decorator's words (`IsSufficientFee`): the fee coin is the base denom, so it "converts" to itself. */
  insufficientFeeDetail(got: string, required: string): string {
    return `insufficient fees; got: ${got} which converts to ${got}. required: ${required}`
  }

  endBlock({ gasWanted }: { gasWanted: bigint }): void {
    const target = BigInt(this.spec.targetBlockGas)
    // baseFee × (1 + (wanted − target) / (target × 10)), truncated to the 18 decimals of a LegacyDec.
    let next =
      (this.baseFeeAtto * (target * CHANGE_RATE_DENOMINATOR + gasWanted - target)) /
      (target * CHANGE_RATE_DENOMINATOR)
    const min = decToAtto(this.spec.minBaseFee)
    const max = decToAtto(this.spec.maxBaseFee)
    if (next < min) next = min
    if (next > max) next = max
    this.baseFeeAtto = next
  }

  /**
   * Answers `QueryEipBaseFeeRequest {}` with `QueryEipBaseFeeResponse {
   * string base_fee = 1 }`; the field is a gogoproto `LegacyDec`, so the
   * string on the wire is its atomics (the base fee × 10^18 as an integer).
   * The request has no fields; unknown ones are skipped as protobuf does.
   */
  answerEipBaseFee(request: Uint8Array): Uint8Array {
    const reader = new BinaryReader(request)
    while (reader.pos < reader.len) reader.skipType(reader.uint32() & 7)
    return BinaryWriter.create().uint32(10).string(this.baseFeeAtto.toString()).finish()
  }
}
