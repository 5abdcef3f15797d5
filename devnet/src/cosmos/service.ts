import { type NodeServiceOptions, nodeScriptService, spawnNodeService } from '../process-service.js'
import type { ServiceInfo } from '../services.js'
import type { CosmosChainSpec, CosmosDevAccount } from './fixtures.js'

export interface CosmosServiceInfo extends ServiceInfo {
  url: string
  port: number
  chains: {
    chainId: string
    bech32Prefix: string
    rpcUrl: string
    restUrl: string
    caipNetworkId: string
    spec: CosmosChainSpec
  }[]
  fixtures: { mnemonic: string; accounts: CosmosDevAccount[] }
}

/** Default port of the Cosmos simulator (CometBFT's RPC port). */
export const COSMOS_DEVNET_DEFAULT_PORT = 26657

/**
 * Starts the Cosmos chain simulator as its own process (detached for the CLI)
 * and waits for its ready line: PID, URLs per chain and the dev fixtures.
 */
export async function spawnCosmosDevnet(opts: NodeServiceOptions): Promise<CosmosServiceInfo> {
  return await spawnNodeService<CosmosServiceInfo>('the Cosmos simulator', import.meta.url, opts)
}

/** The Cosmos chain simulator (two chains) on port 26657 by default. */
export const cosmosService = nodeScriptService({
  name: 'cosmos',
  defaultPort: COSMOS_DEVNET_DEFAULT_PORT,
  logName: 'cosmos-simulator.log',
  spawn: spawnCosmosDevnet,
})
