import { type ChildProcess, spawn } from 'node:child_process'
import { closeSync, existsSync, openSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Readable } from 'node:stream'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { DevnetService, ServiceInfo } from './services.js'

/** What {@link spawnService} needs to start one service process. */
export interface SpawnServiceOptions<R> {
  /** Names the process in errors: `the SVM`, `anvil (chain 31337)`. */
  label: string
  command: string
  args: string[]
  /** Keep the process running after this one exits (the CLI); otherwise it is a plain child. */
  detached: boolean
  /** Append the process's stderr (and its stdout, unless read by `ready.line`) to this file. */
  logFile?: string
  /**
   * How the process shows it is healthy: `line` parses the first line it
   * prints on stdout (stdout is then piped, not logged); `probe` resolves
   * once it answers (an RPC ping…).
   */
  ready: { line: (line: string) => R } | { probe: () => Promise<R> }
  /** Give up (and kill the process) after this long. */
  timeoutMs: number
}

/** A started service process. */
export interface SpawnedService<R> {
  pid: number
  child: ChildProcess
  /** What `ready` resolved with. */
  ready: R
}

/**
 * Spawns a service process and waits until it is healthy; if it exits, fails
 * its health check or times out first, it is killed and the error thrown.
 * Detached processes are unref-ed so the CLI can exit and leave them running;
 * `stopPid` stops them later by the PID recorded in devnet.json.
 *
 * @example
 * const { pid } = await spawnService({
 *   label: 'anvil', command: 'anvil', args: ['--port', '8545'], detached: true,
 *   ready: { probe: () => waitForRpc('http://127.0.0.1:8545', 31337) }, timeoutMs: 20_000,
 * })
 */
export async function spawnService<R>(opts: SpawnServiceOptions<R>): Promise<SpawnedService<R>> {
  const log = opts.logFile ? openSync(opts.logFile, 'a') : 'ignore'
  let child: ChildProcess
  try {
    child = spawn(opts.command, opts.args, {
      detached: opts.detached,
      stdio: ['ignore', 'line' in opts.ready ? 'pipe' : log, log],
    })
  } finally {
    // The child holds its own copy of the log descriptor.
    if (typeof log === 'number') closeSync(log)
  }
  const failed = new Promise<never>((_, reject) => {
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`${opts.label} exited early with code ${code}`)))
  })
  failed.catch(() => {})
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${opts.label} did not start in ${opts.timeoutMs / 1000} s`)),
      opts.timeoutMs,
    )
  })
  try {
    const { ready: check } = opts
    const healthy = 'line' in check ? firstLine(child.stdout!).then(check.line) : check.probe()
    healthy.catch(() => {}) // a probe still running when the process exits must not reject unhandled
    const ready = await Promise.race([healthy, failed, timedOut])
    if (child.pid === undefined) throw new Error(`${opts.label} has no pid`)
    if (opts.detached) child.unref()
    return { pid: child.pid, child, ready }
  } catch (error) {
    child.kill('SIGKILL')
    throw error
  } finally {
    clearTimeout(timer)
    child.stdout?.destroy()
  }
}

function firstLine(stream: Readable): Promise<string> {
  return new Promise((resolve) => {
    let text = ''
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8')
      const nl = text.indexOf('\n')
      if (nl < 0) return
      stream.off('data', onData)
      resolve(text.slice(0, nl))
    }
    stream.on('data', onData)
  })
}

/** How to run a service that is one of this package's Node entry scripts on one port. */
export interface NodeServiceOptions {
  port: number
  detached: boolean
  logFile?: string
  /** When `port` is taken, listen on a free one instead of failing. */
  orFreePort?: boolean
  /** How long to wait for the ready line (default 20 s). */
  timeoutMs?: number
  /** More arguments for the entry script (after `--port`). */
  args?: readonly string[]
}

/**
 * Starts one of this package's Node entry scripts (`main.ts` next to
 * `moduleUrl`, or its build `main.js`) with `--port <port>` (and
 * `--or-free-port`), waits up to 20 s for the JSON ready line it prints and
 * returns that with the PID.
 *
 * @example
 * const info = await spawnNodeService<WalletConnectRelayServiceInfo>('the WalletConnect relay', import.meta.url, {
 *   port: 8550, detached: true,
 * })
 */
export async function spawnNodeService<I extends ServiceInfo>(
  label: string,
  moduleUrl: string,
  opts: NodeServiceOptions,
): Promise<I> {
  const { pid, ready } = await spawnService({
    label,
    command: process.execPath,
    args: [
      ...nodeEntry(moduleUrl),
      '--port',
      String(opts.port),
      ...(opts.orFreePort ? ['--or-free-port'] : []),
      ...(opts.args ?? []),
    ],
    detached: opts.detached,
    logFile: opts.logFile,
    ready: { line: (line) => JSON.parse(line) as Omit<I, 'pids'> },
    timeoutMs: opts.timeoutMs ?? 20_000,
  })
  // The ready line is the entry script's own report of what it serves.
  return { ...ready, pids: [pid] } as I
}

/**
 * The `DevnetService` entry of a one-port Node service: the port the user gave
 * (`--solana-ports 9000`) is a requirement, the default one only a wish (a busy
 * default falls back to a free port). Logs go to `<stateDir>/<logName>`.
 *
 * @example
 * export const relayService = nodeScriptService({
 *   name: 'walletconnect', defaultPort: 8550, logName: 'walletconnect-relay.log', spawn: spawnRelay,
 * })
 */
export function nodeScriptService<I extends ServiceInfo>(def: {
  name: string
  defaultPort: number
  logName: string
  spawn: (opts: NodeServiceOptions) => Promise<I>
}): DevnetService<I> {
  return {
    name: def.name,
    defaultPorts: [def.defaultPort],
    start: (opts) =>
      def.spawn({
        port: opts.ports?.[0] ?? def.defaultPort,
        orFreePort: opts.ports?.[0] === undefined,
        detached: opts.detached,
        logFile: join(opts.stateDir, def.logName),
      }),
  }
}

/** Node arguments that run `main.js` next to `moduleUrl` when built, else `main.ts` through tsx. */
function nodeEntry(moduleUrl: string): string[] {
  const here = dirname(fileURLToPath(moduleUrl))
  const built = join(here, 'main.js')
  if (existsSync(built)) return [built]
  const tsx = pathToFileURL(createRequire(moduleUrl).resolve('tsx')).href
  return ['--import', tsx, join(here, 'main.ts')]
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

/** True while a process with this PID exists (signal 0 probes without killing). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
