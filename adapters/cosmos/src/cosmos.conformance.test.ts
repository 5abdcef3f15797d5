// The Portico adapter conformance kit (@portico/devnet/conformance) on the
// Cosmos adapter, against the Cosmos chain simulator (devnet/src/cosmos: a
// CometBFT JSON-RPC + REST server over a strict auth/bank state machine — no
// Cosmos SDK node can be installed on these machines), with the Keplr-API dev
// wallet on a window-like target, inside a real createPortico. Run twice:
// direct signing (the default) and amino signing (a Ledger-style account).
import { createPortico, type Logger } from '@portico/core'
import { describeChainAdapter } from '@portico/devnet/conformance'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { cosmosAdapter } from './adapter/index.js'
import { createCosmosDevWallet } from './dev-wallet/index.js'
import { cosmosConformanceOptions, type Local, startLocal } from './test-helpers/conformance.js'

// The simulator and CosmJS on a shared 2-core machine: 90 s per check.
vi.setConfig({ testTimeout: 90_000 })

const HUB = 'portico-hub-1'

describeChainAdapter(cosmosConformanceOptions('direct'))
describeChainAdapter(cosmosConformanceOptions('amino'))

const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} }

describe('cosmos chain switch through core (the address follows the bech32 prefix)', () => {
  let local: Local
  afterAll(async () => {
    local?.client.disconnect()
    await local?.sim.stop()
  })

  it('switchNetwork re-reads the key for the new chain: same public key, osmo1… address, CAIP-10 on the new chain', async () => {
    local = await startLocal()
    const { sim, hub, osmo } = local
    const dev = createCosmosDevWallet({
      chains: sim.chains.map((c) => ({ chainId: c.chainId, bech32Prefix: c.bech32Prefix })),
    })
    const win = new EventTarget()
    dev.install(win)
    const portico = createPortico({
      adapters: [cosmosAdapter({ networks: [hub, osmo], window: win, discover: true })],
      storage: 'memory',
      logger: quiet,
    })
    try {
      await portico.ready
      await portico.connect('keplr:keplr', { namespace: 'cosmos' })
      const before = portico.getState().accounts.cosmos
      expect(before?.address).toBe(sim.fixtures.accounts[0]!.addresses[HUB])
      await portico.switchNetwork(osmo.caipNetworkId)
      const after = portico.getState().accounts.cosmos
      const osmoAddress = sim.fixtures.accounts[0]!.addresses['portico-osmo-1']!
      expect(osmoAddress.startsWith('osmo1')).toBe(true)
      expect(portico.getState().networks.active.cosmos).toBe('cosmos:portico-osmo-1')
      expect(after?.address).toBe(osmoAddress)
      expect(after?.caipAddress).toBe(`cosmos:portico-osmo-1:${osmoAddress}`)
    } finally {
      portico.destroy()
    }
  })
})
