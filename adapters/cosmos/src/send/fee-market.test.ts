import { DirectSecp256k1HdWallet } from '@cosmjs/proto-signing'
import { GasPrice, SigningStargateClient, StargateClient } from '@cosmjs/stargate'
import { type CosmosDevnet, startCosmosDevnet } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cosmosAdapter } from '../adapter/index.js'
import { createCosmosDevWallet } from '../dev-wallet/index.js'
import { CosmosTransactionError } from '../errors/index.js'
import { type CosmosNetwork, cosmosLocalHub, cosmosLocalOsmo } from '../networks/index.js'
import { createTestContext } from '../test-helpers/context.js'
import { currentGasPrice } from './gas-price.js'

// The Cosmos simulator (no real Cosmos node runs here) runs Skip's x/feemarket, simulated, on
// portico-hub-1: the base gas price moves with block fullness; portico-osmo-1 has no fee market.
const HUB = 'portico-hub-1'
let sim: CosmosDevnet
let hub: CosmosNetwork
let osmo: CosmosNetwork

beforeAll(async () => {
  sim = await startCosmosDevnet()
  hub = cosmosLocalHub({ rpcUrl: sim.chains[0]!.rpcUrl, restUrl: sim.chains[0]!.restUrl })
  osmo = cosmosLocalOsmo({ rpcUrl: sim.chains[1]!.rpcUrl, restUrl: sim.chains[1]!.restUrl })
})
afterAll(() => sim?.stop())

async function connected() {
  const dev = createCosmosDevWallet({
    chains: sim.chains.map((c) => ({
      chainId: c.chainId,
      bech32Prefix: c.bech32Prefix,
      rpc: c.rpcUrl,
      rest: c.restUrl,
    })),
  })
  const window = new EventTarget()
  dev.install(window)
  const adapter = cosmosAdapter({ networks: [hub, osmo], window, discover: true })
  await adapter.setup(createTestContext().ctx)
  const { accounts } = await adapter.connect({ connectorId: 'keplr:keplr' })
  return { adapter, from: accounts[0]!.address }
}

/** A block over the fee market's target: seven bank sends in one tx from dev account 2 (~200,000 gas). */
async function fillABlock(): Promise<void> {
  const wallet = await DirectSecp256k1HdWallet.fromMnemonic(sim.fixtures.mnemonic, {
    prefix: 'cosmos',
    hdPaths: [(await import('@cosmjs/amino')).makeCosmoshubPath(2)],
  })
  const address = (await wallet.getAccounts())[0]!.address
  const price = sim.chain(HUB).feeMarket!.gasPrice
  const client = await SigningStargateClient.connectWithSigner(sim.chains[0]!.rpcUrl, wallet, {
    gasPrice: GasPrice.fromString(`${price}uatom`),
  })
  const msgs = Array.from({ length: 7 }, () => ({
    typeUrl: '/cosmos.bank.v1beta1.MsgSend',
    value: { fromAddress: address, toAddress: address, amount: [{ denom: 'uatom', amount: '1' }] },
  }))
  const result = await client.signAndBroadcast(address, msgs, 2)
  client.disconnect()
  expect(result.code).toBe(0)
  expect(result.gasUsed).toBeGreaterThan(200_000n)
}

describe('Cosmos fee market (Skip x/feemarket on the simulator)', () => {
  it("a fee-market network is priced with the chain's GasPrice query; a network without one with its configured price", async () => {
    expect(hub.cosmos.feeMarket).toBe('skip-feemarket')
    expect(await currentGasPrice(hub)).toBe(sim.chain(HUB).feeMarket!.gasPrice)
    expect(await currentGasPrice(hub)).toBe('0.025')
    // portico-osmo-1 does not route the query: the adapter never asks, it uses the config.
    expect(osmo.cosmos.feeMarket).toBeUndefined()
    expect(sim.chain('portico-osmo-1').feeMarket).toBeUndefined()
    expect(await currentGasPrice(osmo)).toBe('0.0025')
  })

  it('a full block raises the price by the learning rate 0.125; the preview follows it and the fee charged is the fee previewed', async () => {
    const { adapter, from } = await connected()
    const request = {
      to: sim.fixtures.accounts[1]!.addresses[HUB]!,
      amount: [{ denom: 'uatom', amount: 1000n }],
    }
    const before = await adapter.estimateFee!({ address: from, caipNetworkId: hub.caipNetworkId, request })
    await fillABlock()
    // 0.025 × (1 + 0.125 × (200,000 − 100,000) / 100,000): the block counts up to its maximum gas.
    expect(await currentGasPrice(hub)).toBe('0.028125')
    const after = await adapter.estimateFee!({ address: from, caipNetworkId: hub.caipNetworkId, request })
    expect(after.value).toBeGreaterThan(before.value)
    const hash = await adapter.sendTransaction({ connectorId: 'keplr:keplr', request })
    const outcome = await adapter.waitForTransaction!({ hash, caipNetworkId: hub.caipNetworkId })
    expect(outcome).toMatchObject({ status: 'succeeded', fee: { value: after.value, symbol: 'ATOM' } })
    // A block under the target (a transfer, ~60,000 gas) lowers the price again, never under its floor.
    const lowered = Number(await currentGasPrice(hub))
    expect(lowered).toBeLessThan(0.028125)
    expect(lowered).toBeGreaterThanOrEqual(0.025)
  })

  it('a fee priced before the price rose is refused with code 13 (insufficient fee, the required fee in the log); nothing is spent', async () => {
    const { adapter, from } = await connected()
    const to = sim.fixtures.accounts[1]!.addresses[HUB]!
    const request = { to, amount: [{ denom: 'uatom', amount: 1000n }] }
    const preview = await adapter.estimateFee!({ address: from, caipNetworkId: hub.caipNetworkId, request })
    const gas = Math.ceil(Number(preview.value) / 0.025)
    await fillABlock()
    const reader = await StargateClient.connect(sim.chains[0]!.rpcUrl)
    const held = (await reader.getBalance(from, 'uatom')).amount
    const error = await adapter
      .sendTransaction({
        connectorId: 'keplr:keplr',
        request: {
          ...request,
          fee: { amount: [{ denom: 'uatom', amount: String(preview.value) }], gas: String(gas) },
        },
      })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CosmosTransactionError)
    const refused = error as CosmosTransactionError
    expect(refused.chainCode).toBe(13)
    expect(refused.message).toMatch(/^Insufficient fee\n/)
    const required = sim.chain(HUB).feeMarket!.requiredFee(BigInt(gas))
    expect(required).toBeGreaterThan(preview.value)
    expect(refused.log).toContain(`got: ${preview.value}uatom required: ${required}uatom`)
    expect(refused.details).toContain('code 13 (sdk)')
    expect((await reader.getBalance(from, 'uatom')).amount).toBe(held)
    reader.disconnect()
  })
})
