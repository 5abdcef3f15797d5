import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, openSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

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

/** JSON-RPC call over fetch (no viem client needed for health checks). */
export async function rpc<T>(
  url: string,
  method: string,
  params: unknown[] = [],
  timeoutMs = 2_000,
): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  })
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
}): Promise<AnvilProcess> {
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(opts.port),
    '--chain-id',
    String(opts.chainId),
    '--silent',
  ]
  const out = opts.logFile ? openSync(opts.logFile, 'a') : 'ignore'
  const child = spawn(resolveAnvilBinary(), args, {
    detached: opts.detached ?? false,
    stdio: ['ignore', out, out],
  })
  const exited = new Promise<never>((_, reject) => {
    child.once('error', reject)
    child.once('exit', (code) =>
      reject(new Error(`anvil (chain ${opts.chainId}) exited early with code ${code}`)),
    )
  })
  exited.catch(() => {})
  const rpcUrl = `http://127.0.0.1:${opts.port}`
  try {
    await Promise.race([waitForRpc(rpcUrl, opts.chainId), exited])
  } catch (error) {
    child.kill('SIGKILL')
    throw error
  }
  if (opts.detached) child.unref()
  if (child.pid === undefined) throw new Error('anvil has no pid')
  return { chainId: opts.chainId, port: opts.port, rpcUrl, pid: child.pid, child }
}

/** Stops a process by PID and waits (up to 5 s) until it is gone. Idempotent. */
export async function stopPid(pid: number): Promise<void> {
  if (!isAlive(pid)) return
  try {
    process.kill(pid, 'SIGTERM')
  } catch {
    return
  }
  const deadline = Date.now() + 5_000
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
  if (isAlive(pid)) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
