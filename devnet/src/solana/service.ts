import { type NodeServiceOptions, nodeScriptService, spawnNodeService } from '../process-service.js'
import type { ServiceInfo } from '../services.js'
import type { SolanaFixturesJson } from './json.js'

export interface SolanaServiceInfo extends ServiceInfo {
  rpcUrl: string
  port: number
  genesisHash: string
  caipNetworkId: string
  fixtures: SolanaFixturesJson
}

/** Default port of the local SVM (the port solana-test-validator uses). */
export const SOLANA_DEVNET_DEFAULT_PORT = 8899

/**
 * Starts the SVM server as its own process (detached for the CLI) and waits for
 * its ready line. Returns what devnet.json records: PID, RPC URL, genesis and
 * the fixtures (with the dev secret keys the demo's dev wallet signs with).
 */
export async function spawnSolanaDevnet(opts: NodeServiceOptions): Promise<SolanaServiceInfo> {
  return await spawnNodeService<SolanaServiceInfo>('the SVM', import.meta.url, opts)
}

/** The local SVM (litesvm behind JSON-RPC) on port 8899 by default. */
export const solanaService = nodeScriptService({
  name: 'solana',
  defaultPort: SOLANA_DEVNET_DEFAULT_PORT,
  logName: 'solana-svm.log',
  spawn: spawnSolanaDevnet,
})
