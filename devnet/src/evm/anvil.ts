import type { ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { spawnService } from '../process-service.js'

/**
 * Path of the anvil binary: `ANVIL_BIN` if set, else the one shipped by the
 * optional dependency `@foundry-rs/anvil-linux-amd64`, else `anvil` on PATH.
 */
export function resolveAnvilBinary(): string {
  if (process.env.ANVIL_BIN) return process.env.ANVIL_BIN
  try {
    const require = createRequire(import.meta.url)
    const pkg = require.resolve(`@foundry-rs/anvil-${process.platform}-${archName()}/package.json`)
    const bin = join(dirname(pkg), 'bin', 'anvil')
    if (existsSync(bin)) return bin
  } catch {
    // not installed for this platform: fall back to PATH
  }
  return 'anvil'
}

function archName(): string {
  return process.arch === 'x64' ? 'amd64' : process.arch
}

export interface AnvilProcess {
  chainId: number
  port: number
  rpcUrl: string
  pid: number
  child: ChildProcess
}

/**
 * JSON-RPC call over fetch (no viem client needed for health checks). The
 * default wait is generous: fixture calls run while a loaded machine starts
 * several nodes at once (a 2 s limit timed out at load average 60); health
 * checks pass their own short limit.
 */
export async function rpc<T>(
  url: string,
  method: string,
  params: unknown[] = [],
  timeoutMs = 30_000,
): Promise<T> {
  let res: Response
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    throw new Error(`${method} at ${url}: no answer (${(error as Error).message})`, { cause: error })
  }
  const body = (await res.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}

/** Waits until the node answers eth_chainId with `chainId` (health check). */
export async function waitForRpc(url: string, chainId: number, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let last: unknown
  while (Date.now() < deadline) {
    try {
      const id = await rpc<string>(url, 'eth_chainId', [], 1_000)
      if (Number(id) === chainId) return
      last = new Error(`unexpected chain id ${id}`)
    } catch (error) {
      last = error
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`anvil at ${url} not healthy after ${timeoutMs} ms: ${String(last)}`)
}

/**
 * Starts one anvil on 127.0.0.1. `detached` leaves it running after this
 * process exits (the CLI); otherwise it is a child that dies with us.
 */
export async function startAnvil(opts: {
  chainId: number
  port: number
  detached?: boolean
  logFile?: string
  /** More anvil flags, e.g. `['--network', 'optimism']`. */
  extraArgs?: readonly string[]
}): Promise<AnvilProcess> {
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(opts.port),
    '--chain-id',
    String(opts.chainId),
    '--silent',
    ...(opts.extraArgs ?? []),
  ]
  const rpcUrl = `http://127.0.0.1:${opts.port}`
  const { pid, child } = await spawnService({
    label: `anvil (chain ${opts.chainId})`,
    command: resolveAnvilBinary(),
    args,
    detached: opts.detached ?? false,
    logFile: opts.logFile,
    // waitForRpc gives up after 15 s with the last RPC error, before this time-out.
    ready: { probe: () => waitForRpc(rpcUrl, opts.chainId) },
    timeoutMs: 20_000,
  })
  return { chainId: opts.chainId, port: opts.port, rpcUrl, pid, child }
}
