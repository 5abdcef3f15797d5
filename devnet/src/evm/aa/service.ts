import { join } from 'node:path'
import { isAlive, stopPid } from '../../process-service.js'
import type { DevnetService, ServiceInfo } from '../../services.js'
import { readDevnetState } from '../../state.js'
import { startBundler } from './bundler.js'

export interface BundlerServiceInfo extends ServiceInfo {
  /** One alto per anvil: its chain id, its URL (loopback) and its PID. */
  bundlers: {
    chainId: number
    url: string
    port: number
    pid: number
    executor: string
    entryPoints: string[]
  }[]
}

/**
 * `portico-devnet start --bundler`: one `@pimlico/alto` per devnet anvil
 * (default ports 4337 and 4338). Off by default, so suites that need no
 * bundler do not pay its start-up; it needs the `evm` service started first.
 */
export const bundlerService: DevnetService<BundlerServiceInfo> = {
  name: 'bundler',
  defaultPorts: [4337, 4338],
  async start(opts) {
    const evm = readDevnetState(opts.stateDir)?.services.evm
    if (!evm) throw new Error('the bundler needs the evm service: start it first')
    const ports = opts.ports ?? this.defaultPorts ?? []
    const bundlers: BundlerServiceInfo['bundlers'] = []
    try {
      for (const [i, chain] of evm.chains.entries()) {
        const b = await startBundler({
          rpcUrl: chain.rpcUrl,
          chainId: chain.chainId,
          port: ports[i],
          detached: opts.detached,
          logFile: join(opts.stateDir, `alto-${chain.chainId}.log`),
        })
        bundlers.push({
          chainId: b.chainId,
          url: b.url,
          port: b.port,
          pid: b.pid,
          executor: b.executor,
          entryPoints: b.entryPoints,
        })
      }
    } catch (error) {
      await Promise.all(bundlers.map((b) => stopPid(b.pid)))
      throw error
    }
    return { pids: bundlers.map((b) => b.pid), bundlers }
  },
  async isRunning(info) {
    return info.bundlers.length > 0 && info.bundlers.every((b) => isAlive(b.pid))
  },
}
