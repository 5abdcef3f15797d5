import { makeCosmoshubPath } from '@cosmjs/amino'
import { DirectSecp256k1HdWallet } from '@cosmjs/proto-signing'
import { SigningStargateClient, StargateClient } from '@cosmjs/stargate'
import { describe, expect, it } from 'vitest'
import { CosmosTransactionError } from '../errors/index.js'
import { type CosmosNetwork, defineCosmosNetwork } from '../networks/index.js'
import { type SimulatorEnv, setupDevWallet, useCosmosSimulator } from '../test-helpers/simulator.js'
import { currentGasPrice } from './gas-price.js'

// The Cosmos simulator (no real Cosmos node runs here) runs two fee markets, simulated:
// Skip's x/feemarket on portico-hub-1 (the gas *used* counts, up to the block maximum) and
// Osmosis's x/txfees EIP-1559 on portico-osmo-1 (the gas *wanted* counts; CheckTx only).
const env = useCosmosSimulator()

interface MarketCase {
  name: string
  chainId: string
  network: (e: SimulatorEnv) => CosmosNetwork
  kind: 'skip-feemarket' | 'osmosis-eip'
  denom: string
  symbol: string
  prefix: string
  floor: string
  /** The price after one block of FILL_GAS_LIMIT gas wanted (about 220,000 used). */
  risen: string
  /** The log's words for a fee under the price. */
  refusal: (got: string, required: string) => string
}

/** The gas limit of the block that fills the market: seven bank sends in one tx. */
const FILL_GAS_LIMIT = 300_000n

const MARKETS: MarketCase[] = [
  {
    name: "Skip's x/feemarket (portico-hub-1)",
    chainId: 'portico-hub-1',
    network: (e) => e.hub,
    kind: 'skip-feemarket',
    denom: 'uatom',
    symbol: 'ATOM',
    prefix: 'cosmos',
    floor: '0.025',
    // 0.025 × (1 + 0.125 × (200,000 − 100,000) / 100,000): the block counts up to its maximum gas.
    risen: '0.028125',
    refusal: (got, required) => `insufficient fees; got: ${got} required: ${required}`,
  },
  {
    name: "Osmosis's x/txfees EIP-1559 (portico-osmo-1)",
    chainId: 'portico-osmo-1',
    network: (e) => e.osmo,
    kind: 'osmosis-eip',
    denom: 'uosmo',
    symbol: 'OSMO',
    prefix: 'osmo',
    floor: '0.0025',
    // 0.0025 × (1 + (300,000 − 100,000) / 100,000 × 1/10): the gas wanted counts.
    risen: '0.003',
    refusal: (got, required) =>
      `insufficient fees; got: ${got} which converts to ${got}. required: ${required}`,
  },
]

/** A block over the market's target: seven bank sends in one tx from dev account 2, gas limit 300,000. */
async function fillABlock(m: MarketCase): Promise<void> {
  const { sim } = env()
  const chain = sim.chains.find((c) => c.chainId === m.chainId)!
  const wallet = await DirectSecp256k1HdWallet.fromMnemonic(sim.fixtures.mnemonic, {
    prefix: m.prefix,
    hdPaths: [makeCosmoshubPath(2)],
  })
  const address = (await wallet.getAccounts())[0]!.address
  const fee = sim.chain(m.chainId).feeMarket!.requiredFee(FILL_GAS_LIMIT)
  const client = await SigningStargateClient.connectWithSigner(chain.rpcUrl, wallet)
  const msgs = Array.from({ length: 7 }, () => ({
    typeUrl: '/cosmos.bank.v1beta1.MsgSend',
    value: { fromAddress: address, toAddress: address, amount: [{ denom: m.denom, amount: '1' }] },
  }))
  const result = await client.signAndBroadcast(address, msgs, {
    amount: [{ denom: m.denom, amount: String(fee) }],
    gas: String(FILL_GAS_LIMIT),
  })
  client.disconnect()
  expect(result.code).toBe(0)
  expect(result.gasUsed).toBeGreaterThan(200_000n)
}

describe('Cosmos fee markets: the price a network config names is read from the chain', () => {
  it("a fee-market network is priced with its chain's query; a network without one with its configured price", async () => {
    const { sim, hub, osmo } = env()
    expect(hub.cosmos.feeMarket).toBe('skip-feemarket')
    expect(osmo.cosmos.feeMarket).toBe('osmosis-eip')
    expect(await currentGasPrice(hub)).toBe(sim.chain('portico-hub-1').feeMarket!.gasPrice)
    expect(await currentGasPrice(osmo)).toBe(sim.chain('portico-osmo-1').feeMarket!.gasPrice)
    // The same chain configured without a fee market: the adapter never asks, it uses the config.
    const plain = defineCosmosNetwork({
      chainId: osmo.cosmos.chainId,
      name: 'Osmosis, no fee market configured',
      bech32Prefix: 'osmo',
      rpcUrl: osmo.rpcUrls.default.http[0]!,
      restUrl: osmo.cosmos.restUrl,
      currencies: osmo.cosmos.currencies,
      gasPrice: '0.004',
    })
    expect(await currentGasPrice(plain)).toBe('0.004')
  })

  it('a chain that does not run the named market answers "unknown query": the price is an error, not a silent fallback', async () => {
    const { osmo } = env()
    const wrong = { ...osmo, cosmos: { ...osmo.cosmos, feeMarket: 'skip-feemarket' as const } }
    await expect(currentGasPrice(wrong)).rejects.toThrow(/unknown query path/)
  })
})

describe.each(MARKETS)('Cosmos fee market on the simulator: $name', (m) => {
  it('the price starts at the floor; a full block raises it, the preview follows it and the fee charged is the fee previewed', async () => {
    const e = env()
    const network = m.network(e)
    const { adapter, connectorId } = await setupDevWallet(e)
    await adapter.connect({ connectorId, caipNetworkId: network.caipNetworkId })
    const request = {
      to: e.sim.fixtures.accounts[1]!.addresses[m.chainId]!,
      amount: [{ denom: m.denom, amount: 1000n }],
    }
    const caipNetworkId = network.caipNetworkId
    expect(await currentGasPrice(network)).toBe(m.floor)
    const before = await adapter.estimateFee!({ caipNetworkId, request })
    await fillABlock(m)
    expect(await currentGasPrice(network)).toBe(m.risen)
    const after = await adapter.estimateFee!({ caipNetworkId, request })
    expect(after.value).toBeGreaterThan(before.value)
    const hash = await adapter.sendTransaction({ connectorId, request })
    const outcome = await adapter.waitForTransaction!({ hash, caipNetworkId })
    expect(outcome).toMatchObject({ status: 'succeeded', fee: { value: after.value, symbol: m.symbol } })
    // A block under the target (a transfer) lowers the price again, never under its floor.
    const lowered = Number(await currentGasPrice(network))
    expect(lowered).toBeLessThan(Number(m.risen))
    expect(lowered).toBeGreaterThanOrEqual(Number(m.floor))
    adapter.destroy?.()
  })

  it('a fee priced before the price rose is refused with code 13 (insufficient fee, the required fee in the log); nothing is spent', async () => {
    const e = env()
    const network = m.network(e)
    const { adapter, connectorId } = await setupDevWallet(e)
    const { accounts } = await adapter.connect({ connectorId, caipNetworkId: network.caipNetworkId })
    const from = accounts[0]!.address
    const request = {
      to: e.sim.fixtures.accounts[1]!.addresses[m.chainId]!,
      amount: [{ denom: m.denom, amount: 1000n }],
    }
    const preview = await adapter.estimateFee!({ caipNetworkId: network.caipNetworkId, request })
    const gas = Math.ceil(Number(preview.value) / Number(await currentGasPrice(network)))
    await fillABlock(m)
    const reader = await StargateClient.connect(network.rpcUrls.default.http[0]!)
    const held = (await reader.getBalance(from, m.denom)).amount
    const error = await adapter
      .sendTransaction({
        connectorId,
        request: {
          ...request,
          fee: { amount: [{ denom: m.denom, amount: String(preview.value) }], gas: String(gas) },
        },
      })
      .catch((err: unknown) => err)
    expect(error).toBeInstanceOf(CosmosTransactionError)
    const refused = error as CosmosTransactionError
    expect(refused.chainCode).toBe(13)
    expect(refused.message).toMatch(/^Insufficient fee\n/)
    const required = e.sim.chain(m.chainId).feeMarket!.requiredFee(BigInt(gas))
    expect(required).toBeGreaterThan(preview.value)
    expect(refused.log).toContain(m.refusal(`${preview.value}${m.denom}`, `${required}${m.denom}`))
    expect(refused.details).toContain('code 13 (sdk)')
    expect((await reader.getBalance(from, m.denom)).amount).toBe(held)
    reader.disconnect()
    adapter.destroy?.()
  })
})
