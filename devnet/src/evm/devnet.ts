import { installIdRegistry } from '../farcaster/registry.js'
import { getFreePort } from '../ports.js'
import { stopPid } from '../process-service.js'
import { type AnvilProcess, startAnvil } from './anvil.js'
import { deployEvmFixtures, type EvmFixtures } from './fixtures.js'

/** The two devnet chain ids: switching between them is the network-switch test. */
export const DEVNET_CHAIN_IDS = [31337, 31338] as const

export interface EvmDevnetChain {
  chainId: number
  rpcUrl: string
  port: number
  pid: number
}

export interface EvmDevnet {
  chains: EvmDevnetChain[]
  fixtures: EvmFixtures
  /** Stops both nodes; idempotent. */
  stop(): Promise<void>
}

export interface StartEvmDevnetOptions {
  /** Ports for chains 31337 and 31338; free ports by default. */
  ports?: [number, number]
  /** Keep the nodes running after this process exits (used by the CLI). */
  detached?: boolean
  /** Append anvil's output to these files (one per chain). */
  logFiles?: [string, string]
}

/**
 * Starts two anvil nodes on 127.0.0.1 (chain ids 31337 and 31338), waits until
 * both answer, and deploys the fixtures (Multicall3, USDC 6 dp, DAI 18 dp, an
 * ERC-721) on both, at the same deterministic addresses.
 *
 * @example
 * const devnet = await startEvmDevnet()
 * afterAll(() => devnet.stop())
 */
export async function startEvmDevnet(opts: StartEvmDevnetOptions = {}): Promise<EvmDevnet> {
  const started: AnvilProcess[] = []
  const stop = async () => {
    await Promise.all(started.map((p) => stopPid(p.pid)))
    process.off('exit', killSync)
  }
  const killSync = () => {
    for (const p of started) p.child.kill('SIGKILL')
  }
  if (!opts.detached) process.once('exit', killSync)
  try {
    for (const [i, chainId] of DEVNET_CHAIN_IDS.entries()) {
      started.push(await startWithPort(chainId, opts.ports?.[i], opts))
    }
    let fixtures: EvmFixtures | undefined
    for (const p of started) fixtures = await deployEvmFixtures(p.rpcUrl, p.chainId)
    // Sign In With Farcaster's ID registry (fid of the dev custody key) on the first chain only.
    if (started[0]) await installIdRegistry(started[0].rpcUrl)
    return {
      chains: started.map(({ chainId, rpcUrl, port, pid }) => ({ chainId, rpcUrl, port, pid })),
      fixtures: fixtures as EvmFixtures,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

async function startWithPort(
  chainId: number,
  port: number | undefined,
  opts: StartEvmDevnetOptions,
): Promise<AnvilProcess> {
  const index = DEVNET_CHAIN_IDS.indexOf(chainId as 31337)
  const logFile = opts.logFiles?.[index]
  if (port !== undefined) return await startAnvil({ chainId, port, detached: opts.detached, logFile })
  // A free port can be taken between probing and binding: retry a few times.
  let last: unknown
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await startAnvil({ chainId, port: await getFreePort(), detached: opts.detached, logFile })
    } catch (error) {
      last = error
    }
  }
  throw last
}
