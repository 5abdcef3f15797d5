import type { ChainAdapter } from '@portico/core'
import { type CosmosDevnet, startCosmosDevnet } from '@portico/devnet'
import type { TestContext } from '@portico/devnet/test-helpers'
import { afterAll, beforeAll } from 'vitest'
import { cosmosAdapter } from '../adapter/index.js'
import { type CosmosDevWallet, createCosmosDevWallet } from '../dev-wallet/index.js'
import { type CosmosNetwork, cosmosLocalHub, cosmosLocalOsmo } from '../networks/index.js'
import { createTestContext } from './context.js'

/** The Cosmos simulator (no real Cosmos node runs here) and its two chains as adapter networks. */
export interface SimulatorEnv {
  sim: CosmosDevnet
  hub: CosmosNetwork
  osmo: CosmosNetwork
}

/**
 * Starts the simulator before the file's tests and stops it after; the
 * returned getter reads it inside a test.
 */
export function useCosmosSimulator(): () => SimulatorEnv {
  let env: SimulatorEnv | undefined
  beforeAll(async () => {
    const sim = await startCosmosDevnet()
    env = {
      sim,
      hub: cosmosLocalHub({ rpcUrl: sim.chains[0]!.rpcUrl, restUrl: sim.chains[0]!.restUrl }),
      osmo: cosmosLocalOsmo({ rpcUrl: sim.chains[1]!.rpcUrl, restUrl: sim.chains[1]!.restUrl }),
    }
  })
  afterAll(() => env?.sim.stop())
  return () => {
    if (!env) throw new Error('the Cosmos simulator is not started (useCosmosSimulator outside a test?)')
    return env
  }
}

/** A dev wallet on `window.keplr` of a fresh window-like target, and a set-up adapter that discovered it. */
export async function setupDevWallet(
  env: SimulatorEnv,
  opts: { only?: string[]; aminoOnly?: boolean; signMode?: 'amino' | 'direct' } = {},
): Promise<{
  dev: CosmosDevWallet
  adapter: ChainAdapter<'cosmos'>
  test: TestContext
  window: EventTarget
  connectorId: string
}> {
  const dev = createCosmosDevWallet({
    chains: env.sim.chains
      .filter((c) => !opts.only || opts.only.includes(c.chainId))
      .map((c) => ({ chainId: c.chainId, bech32Prefix: c.bech32Prefix, rpc: c.rpcUrl, rest: c.restUrl })),
    aminoOnly: opts.aminoOnly,
  })
  const window = new EventTarget()
  dev.install(window)
  const adapter = cosmosAdapter({
    networks: [env.hub, env.osmo],
    window,
    discover: true,
    signMode: opts.signMode,
  })
  const test = createTestContext()
  await adapter.setup(test.ctx)
  return { dev, adapter, test, window, connectorId: 'keplr:keplr' }
}
