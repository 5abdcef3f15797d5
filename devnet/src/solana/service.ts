import { spawn } from 'node:child_process'
import { existsSync, openSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { DevnetService, ServiceInfo } from '../services.js'
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
const READY_TIMEOUT_MS = 20_000

/** The command that runs main.ts (or its build) in a fresh Node process. */
function entry(): string[] {
  const here = dirname(fileURLToPath(import.meta.url))
  const built = join(here, 'main.js')
  if (existsSync(built)) return [built]
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
  return ['--import', tsx, join(here, 'main.ts')]
}

/**
 * Starts the SVM server as its own process (detached for the CLI) and waits for
 * its ready line. Returns what devnet.json records: PID, RPC URL, genesis and
 * the fixtures (with the dev secret keys the demo's dev wallet signs with).
 */
export async function spawnSolanaDevnet(opts: {
  port: number
  detached: boolean
  logFile?: string
  /** When `port` is taken, listen on a free one instead of failing. */
  orFreePort?: boolean
}): Promise<SolanaServiceInfo> {
  const err = opts.logFile ? openSync(opts.logFile, 'a') : 'ignore'
  const child = spawn(
    process.execPath,
    [...entry(), '--port', String(opts.port), ...(opts.orFreePort ? ['--or-free-port'] : [])],
    {
      detached: opts.detached,
      stdio: ['ignore', 'pipe', err],
    },
  )
  const stdout = child.stdout!
  try {
    const line = await new Promise<string>((resolve, reject) => {
      let text = ''
      const timer = setTimeout(() => reject(new Error('the SVM did not start in 20 s')), READY_TIMEOUT_MS)
      stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8')
        const nl = text.indexOf('\n')
        if (nl >= 0) {
          clearTimeout(timer)
          resolve(text.slice(0, nl))
        }
      })
      child.once('error', reject)
      child.once('exit', (code) => reject(new Error(`the SVM exited early with code ${code}`)))
    })
    stdout.destroy()
    if (opts.detached) child.unref()
    const ready = JSON.parse(line) as Omit<SolanaServiceInfo, 'pids'>
    return { ...ready, pids: [child.pid!] } as SolanaServiceInfo
  } catch (error) {
    child.kill('SIGKILL')
    throw error
  }
}

/** The local SVM (litesvm behind JSON-RPC) on port 8899 by default. */
export const solanaService: DevnetService<SolanaServiceInfo> = {
  name: 'solana',
  defaultPorts: [SOLANA_DEVNET_DEFAULT_PORT],
  start: (opts) =>
    spawnSolanaDevnet({
      port: opts.ports?.[0] ?? SOLANA_DEVNET_DEFAULT_PORT,
      // The default port is a wish; a port the user gave is a requirement.
      orFreePort: opts.ports?.[0] === undefined,
      detached: opts.detached,
      logFile: join(opts.stateDir, 'solana-svm.log'),
    }),
}
