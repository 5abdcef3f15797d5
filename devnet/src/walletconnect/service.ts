import { spawn } from 'node:child_process'
import { existsSync, openSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { DevnetService, ServiceInfo } from '../services.js'

export interface WalletConnectRelayServiceInfo extends ServiceInfo {
  /** `ws://127.0.0.1:<port>`: the `relayUrl` for dApp and wallet. */
  url: string
  port: number
}

/** Default port of the loopback WalletConnect relay. */
export const WALLETCONNECT_RELAY_DEFAULT_PORT = 8550
const READY_TIMEOUT_MS = 20_000

function entry(): string[] {
  const here = dirname(fileURLToPath(import.meta.url))
  const built = join(here, 'main.js')
  if (existsSync(built)) return [built]
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
  return ['--import', tsx, join(here, 'main.ts')]
}

/** Starts the relay as its own process and waits for its ready line. */
export async function spawnWalletConnectRelay(opts: {
  port: number
  detached: boolean
  logFile?: string
  orFreePort?: boolean
}): Promise<WalletConnectRelayServiceInfo> {
  const err = opts.logFile ? openSync(opts.logFile, 'a') : 'ignore'
  const args = [...entry(), '--port', String(opts.port), ...(opts.orFreePort ? ['--or-free-port'] : [])]
  const child = spawn(process.execPath, args, { detached: opts.detached, stdio: ['ignore', 'pipe', err] })
  const stdout = child.stdout!
  try {
    const line = await new Promise<string>((resolve, reject) => {
      let text = ''
      const timer = setTimeout(
        () => reject(new Error('the WalletConnect relay did not start in 20 s')),
        READY_TIMEOUT_MS,
      )
      stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8')
        const nl = text.indexOf('\n')
        if (nl >= 0) {
          clearTimeout(timer)
          resolve(text.slice(0, nl))
        }
      })
      child.once('error', reject)
      child.once('exit', (code) =>
        reject(new Error(`the WalletConnect relay exited early with code ${code}`)),
      )
    })
    stdout.destroy()
    if (opts.detached) child.unref()
    const ready = JSON.parse(line) as { url: string; port: number }
    return { ...ready, pids: [child.pid!] }
  } catch (error) {
    child.kill('SIGKILL')
    throw error
  }
}

/** The loopback WalletConnect relay, on port 8550 by default. */
export const walletConnectRelayService: DevnetService<WalletConnectRelayServiceInfo> = {
  name: 'walletconnect',
  defaultPorts: [WALLETCONNECT_RELAY_DEFAULT_PORT],
  start: (opts) =>
    spawnWalletConnectRelay({
      port: opts.ports?.[0] ?? WALLETCONNECT_RELAY_DEFAULT_PORT,
      orFreePort: opts.ports?.[0] === undefined,
      detached: opts.detached,
      logFile: join(opts.stateDir, 'walletconnect-relay.log'),
    }),
}
