import { describe, expect, it } from 'vitest'
import { FeeMarket } from './feemarket.js'

const spec = {
  kind: 'skip-feemarket' as const,
  minBaseGasPrice: '0.025',
  targetBlockGas: 100_000,
  maxBlockGas: 200_000,
}

describe('simulated x/feemarket (default EIP-1559 parameters, learning rate 0.125)', () => {
  it('a block at its maximum raises the price by 12.5 %, one at the target keeps it, an empty one lowers it to no less than the floor', () => {
    const market = new FeeMarket(spec, 'uatom')
    expect(market.gasPrice).toBe('0.025')
    market.endBlock({ gasUsed: 500_000n }) // counted as the block maximum, 200,000
    expect(market.gasPrice).toBe('0.028125')
    market.endBlock({ gasUsed: 100_000n })
    expect(market.gasPrice).toBe('0.028125')
    market.endBlock({ gasUsed: 0n })
    // 0.028125 × (1 − 0.125) = 0.024609375, under the floor: the floor holds.
    expect(market.gasPrice).toBe('0.025')
  })

  it('the required fee is ceil(price × gas limit)', () => {
    const market = new FeeMarket(spec, 'uatom')
    market.endBlock({ gasUsed: 200_000n })
    expect(market.requiredFee(80_000n)).toBe(2250n)
    expect(market.requiredFee(80_001n)).toBe(2251n)
  })

  it('GasPrice answers a DecCoin in the fee denom (LegacyDec atomics) and refuses another denom', () => {
    const market = new FeeMarket(spec, 'uatom')
    const answer = market.answerGasPrice(Uint8Array.from([0x0a, 5, ...new TextEncoder().encode('uatom')]))
    expect(new TextDecoder().decode(answer)).toContain('25000000000000000')
    expect(() =>
      market.answerGasPrice(Uint8Array.from([0x0a, 5, ...new TextEncoder().encode('uusdc')])),
    ).toThrow('unable to get gas price for denom uusdc')
  })
})
