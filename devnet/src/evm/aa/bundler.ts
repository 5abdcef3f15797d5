import type { ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { type Address, type Hex, keccak256, parseEther, toBytes, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { getFreePort } from '../../ports.js'
import { spawnService, stopPid } from '../../process-service.js'
import { rpc } from '../anvil.js'
import { ENTRY_POINT_V07_ADDRESS } from './contracts.js'

/**
 * The bundler's keys (devnet only): the executor sends `handleOps`, the
 * utility account deploys alto's simulation contract. Funded with
 * anvil_setBalance, so no dev account's nonce moves.
 */
export const BUNDLER_EXECUTOR_KEY: Hex = keccak256(toBytes('portico devnet bundler executor'))
export const BUNDLER_UTILITY_KEY: Hex = keccak256(toBytes('portico devnet bundler utility'))

export interface BundlerProcess {
  chainId: number
  /** The bundler's JSON-RPC (ERC-4337 `eth_*UserOperation*` methods), on 127.0.0.1. */
  url: string
  port: number
  pid: number
  /** The address that submits bundles and gets their fees. */
  executor: Address
  entryPoints: Address[]
  child: ChildProcess
}

/** Path of `@pimlico/alto`'s CLI (run with this Node). */
export function resolveAltoCli(): string {
  const require = createRequire(import.meta.url)
  // Its exports map lists only `.` (esm/index.js); the CLI sits beside it.
  return join(dirname(require.resolve('@pimlico/alto')), 'cli', 'alto.js')
}

/** Waits until the bundler lists `entryPoint` in `eth_supportedEntryPoints`. */
async function waitForBundler(url: string, entryPoint: Address, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let last: unknown
  while (Date.now() < deadline) {
    try {
      const eps = await rpc<string[]>(url, 'eth_supportedEntryPoints', [], 1_000)
      if (eps.some((e) => e.toLowerCase() === entryPoint.toLowerCase())) return
      last = new Error(`supports ${eps.join(', ')}`)
    } catch (error) {
      last = error
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`bundler at ${url} not healthy after ${timeoutMs} ms: ${String(last)}`)
}

export interface StartBundlerOptions {
  /** The anvil it bundles for (must have the EntryPoint: `deployAccountAbstraction`). */
  rpcUrl: string
  chainId: number
  /** Free port by default. */
  port?: number
  detached?: boolean
  logFile?: string
  /** How long alto may take to answer `eth_supportedEntryPoints` (60 s by default; more on a loaded machine). */
  readyTimeoutMs?: number
}

/**
 * Starts `@pimlico/alto` (a real ERC-4337 bundler) on 127.0.0.1 for one anvil,
 * with EntryPoint v0.7 only. Safe mode (the ERC-7562 tracing rules) is off:
 * it needs `debug_traceCall` with geth's JS tracer, which anvil does not run.
 * Bundles are sent as soon as an operation arrives (anvil mines on each
 * transaction).
 */
export async function startBundler(opts: StartBundlerOptions): Promise<BundlerProcess> {
  const executor = privateKeyToAccount(BUNDLER_EXECUTOR_KEY).address
  const utility = privateKeyToAccount(BUNDLER_UTILITY_KEY).address
  for (const a of [executor, utility]) {
    await rpc(opts.rpcUrl, 'anvil_setBalance', [a, toHex(parseEther('1000'))])
  }
  const port = opts.port ?? (await getFreePort())
  const url = `http://127.0.0.1:${port}`
  const args = [
    resolveAltoCli(),
    '--entrypoints',
    ENTRY_POINT_V07_ADDRESS,
    '--executor-private-keys',
    BUNDLER_EXECUTOR_KEY,
    '--utility-private-key',
    BUNDLER_UTILITY_KEY,
    '--rpc-url',
    opts.rpcUrl,
    '--port',
    String(port),
    '--safe-mode',
    'false',
    '--block-time',
    '100',
    '--min-bundle-interval',
    '20',
    '--max-bundle-interval',
    '100',
    '--refilling-wallets',
    'false',
    '--utility-wallet-monitor',
    'false',
    '--log-level',
    'warn',
  ]
  const { pid, child } = await spawnService({
    label: `alto bundler (chain ${opts.chainId})`,
    command: process.execPath,
    args,
    detached: opts.detached ?? false,
    logFile: opts.logFile,
    ready: { probe: () => waitForBundler(url, ENTRY_POINT_V07_ADDRESS, opts.readyTimeoutMs ?? 60_000) },
    timeoutMs: (opts.readyTimeoutMs ?? 60_000) + 10_000,
  })
  return { chainId: opts.chainId, url, port, pid, executor, entryPoints: [ENTRY_POINT_V07_ADDRESS], child }
}

/** Stops a bundler started by {@link startBundler}. */
export async function stopBundler(b: Pick<BundlerProcess, 'pid'>): Promise<void> {
  await stopPid(b.pid)
}
