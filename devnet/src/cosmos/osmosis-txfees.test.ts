import { BinaryReader } from 'cosmjs-types/binary'
import { describe, expect, it } from 'vitest'
import { OsmosisEipFeeMarket } from './osmosis-txfees.js'

const spec = { kind: 'osmosis-eip' as const, minBaseFee: '0.0025', maxBaseFee: '5', targetBlockGas: 100_000 }
const block = (gasWanted: bigint) => ({ gasWanted, gasUsed: gasWanted / 2n })

describe('simulated Osmosis x/txfees EIP-1559 (MaxBlockChangeRate 1/10, gas wanted counted)', () => {
  it('the base fee starts at MinBaseFee, rises by (wanted − target) / target × 1/10 and never leaves [min, max]', () => {
    const market = new OsmosisEipFeeMarket(spec, 'uosmo')
    expect(market.gasPrice).toBe('0.0025')
    // 300,000 wanted: 1 + 200,000 / 100,000 × 0.1 = 1.2 — the gas *wanted* counts, not the gas used.
    market.endBlock(block(300_000n))
    expect(market.gasPrice).toBe('0.003')
    market.endBlock(block(100_000n))
    expect(market.gasPrice).toBe('0.003')
    // An empty block: × 0.9 = 0.0027; two more: 0.00243 → the floor 0.0025.
    market.endBlock(block(0n))
    expect(market.gasPrice).toBe('0.0027')
    market.endBlock(block(0n))
    expect(market.gasPrice).toBe('0.0025')
    for (let i = 0; i < 200; i++) market.endBlock(block(10_000_000n))
    expect(market.gasPrice).toBe('5')
  })

  it('the base fee binds in CheckTx only (a mempool rule): ceil(base fee × gas limit), nothing at delivery', () => {
    const market = new OsmosisEipFeeMarket(spec, 'uosmo')
    market.endBlock(block(300_000n))
    expect(market.requiredFee(80_000n, 'check')).toBe(240n)
    expect(market.requiredFee(80_001n)).toBe(241n)
    expect(market.requiredFee(80_000n, 'deliver')).toBe(0n)
    expect(market.insufficientFeeDetail('200uosmo', '240uosmo')).toBe(
      'insufficient fees; got: 200uosmo which converts to 200uosmo. required: 240uosmo',
    )
  })

  it('GetEipBaseFee answers QueryEipBaseFeeResponse { base_fee = 1 } as LegacyDec atomics', () => {
    const market = new OsmosisEipFeeMarket(spec, 'uosmo')
    market.endBlock(block(300_000n))
    const reader = new BinaryReader(market.answerEipBaseFee(new Uint8Array()))
    expect(reader.uint32()).toBe(10)
    expect(reader.string()).toBe('3000000000000000')
    expect(reader.pos).toBe(reader.len)
  })
})
