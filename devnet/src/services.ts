import { join } from 'node:path'
import { bitcoinService } from './bitcoin/service.js'
import { cosmosService } from './cosmos/service.js'
import { startEvmDevnet } from './evm/devnet.js'
import type { EvmFixtures } from './evm/fixtures.js'
import { polkadotService } from './polkadot/service.js'
import { isAlive, stopPid } from './process-service.js'
import { solanaService } from './solana/service.js'
import { walletConnectRelayService } from './walletconnect/service.js'

/** What `start` gets: where state and logs go, and the ports the user asked for. */
export interface ServiceStartOptions {
  /** `<repo>/.portico` (or `PORTICO_STATE_DIR`). */
  stateDir: string
  /** Ports given on the command line for this service (`--evm-ports 8545,8546`). */
  ports?: number[]
  /** Always true from the CLI: processes must outlive it. */
  detached: boolean
}

/** Every service's entry in devnet.json carries the PIDs `stop` kills. */
export interface ServiceInfo {
  pids: number[]
  [key: string]: unknown
}

/**
 * One service of the local world. Adding one (the Solana SVM, the WalletConnect
 * relay…) is one entry in `DEVNET_SERVICES`. `start` must leave detached
 * processes behind and return their PIDs; `stop` defaults to killing them.
 */
export interface DevnetService<I extends ServiceInfo = ServiceInfo> {
  name: string
  /** Default ports, shown by `portico-devnet status` and overridable. */
  defaultPorts?: number[]
  start(opts: ServiceStartOptions): Promise<I>
  stop?(info: I): Promise<void>
  /** Health: true when every process still runs (default: every PID alive). */
  isRunning?(info: I): Promise<boolean>
}

export interface EvmServiceInfo extends ServiceInfo {
  chains: { chainId: number; rpcUrl: string; port: number; pid: number }[]
  fixtures: EvmFixtures
}

/** Two anvil nodes (31337, 31338) with fixtures; default ports 8545 and 8546. */
export const evmService: DevnetService<EvmServiceInfo> = {
  name: 'evm',
  defaultPorts: [8545, 8546],
  async start(opts) {
    const ports = (opts.ports ?? this.defaultPorts) as [number, number]
    const devnet = await startEvmDevnet({
      ports,
      detached: opts.detached,
      logFiles: [join(opts.stateDir, 'anvil-31337.log'), join(opts.stateDir, 'anvil-31338.log')],
    })
    return { pids: devnet.chains.map((c) => c.pid), chains: devnet.chains, fixtures: devnet.fixtures }
  },
}

/** The services `portico-devnet start` runs, in order. Add an entry to add a service. */
export const DEVNET_SERVICES: DevnetService[] = [
  evmService as unknown as DevnetService,
  solanaService as unknown as DevnetService,
  bitcoinService as unknown as DevnetService,
  walletConnectRelayService as unknown as DevnetService,
  cosmosService as unknown as DevnetService,
  polkadotService as unknown as DevnetService,
]

/** Default stop: kill every PID of the service. */
export async function stopService(service: DevnetService, info: ServiceInfo): Promise<void> {
  if (service.stop) await service.stop(info)
  else await Promise.all(info.pids.map((pid) => stopPid(pid)))
}

export async function isServiceRunning(service: DevnetService, info: ServiceInfo): Promise<boolean> {
  if (service.isRunning) return await service.isRunning(info)
  return info.pids.length > 0 && info.pids.every(isAlive)
}
