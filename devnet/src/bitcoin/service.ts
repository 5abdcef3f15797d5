import { type NodeServiceOptions, nodeScriptService, spawnNodeService } from '../process-service.js'
import type { ServiceInfo } from '../services.js'
import type { BitcoinFixtures } from './fixtures.js'

export interface BitcoinServiceInfo extends ServiceInfo {
  /** Base URL of the Esplora-compatible API (and `/devnet/mine`). */
  esploraUrl: string
  port: number
  genesisHash: string
  caipNetworkId: string
  fixtures: BitcoinFixtures
}

/** Default port of the Bitcoin devnet's Esplora API (the port a local esplora/electrs serves on). */
export const BITCOIN_DEVNET_DEFAULT_PORT = 3002

/**
 * Starts the Bitcoin devnet (bcoin regtest + Esplora facade) as its own
 * process (detached for the CLI) and waits for its ready line: PID, Esplora
 * URL, genesis and fixtures (dev mnemonic, funded addresses).
 */
export async function spawnBitcoinDevnet(opts: NodeServiceOptions): Promise<BitcoinServiceInfo> {
  // Mining past segwit activation takes a few seconds of CPU: allow for a busy machine.
  return await spawnNodeService<BitcoinServiceInfo>('the Bitcoin regtest node', import.meta.url, {
    timeoutMs: 90_000,
    ...opts,
  })
}

/** The Bitcoin regtest devnet (bcoin + Portico's Esplora facade) on port 3002 by default. */
export const bitcoinService = nodeScriptService({
  name: 'bitcoin',
  defaultPort: BITCOIN_DEVNET_DEFAULT_PORT,
  logName: 'bitcoin-regtest.log',
  spawn: spawnBitcoinDevnet,
})
