import { existsSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { NodeServiceOptions } from '../process-service.js'
import { spawnService } from '../process-service.js'
import type { DevnetService, ServiceInfo } from '../services.js'
import type { PolkadotFixturesJson } from './json.js'

/** What the chopsticks process reports when it is ready. */
export interface PolkadotReadyReport {
  wsUrl: string
  httpUrl: string
  port: number
  genesisHash: string
  caipNetworkId: string
  ss58Prefix: number
  fixtures: PolkadotFixturesJson
}

export interface PolkadotServiceInfo extends ServiceInfo, PolkadotReadyReport {}

/** Default port of the chopsticks devnet (the port a Substrate node serves RPC on). */
export const POLKADOT_DEVNET_DEFAULT_PORT = 9944

/**
 * chopsticks compiles the runtime and builds two blocks before it is ready; slow on a busy machine
 * (a shared one: `PORTICO_DEVNET_START_TIMEOUT_MS` gives it longer).
 */
const START_TIMEOUT_MS = Number(process.env.PORTICO_DEVNET_START_TIMEOUT_MS) || 120_000

/** Node arguments for `main.js` next to this module when built, else `main.ts` through tsx. */
function entry(): string[] {
  const here = dirname(fileURLToPath(import.meta.url))
  const built = join(here, 'main.js')
  if (existsSync(built)) return [built]
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
  return ['--import', tsx, join(here, 'main.ts')]
}

/**
 * Starts chopsticks (see `startPolkadotDevnet`) as its own process and waits
 * for the ready report it writes to a file (its stdout carries chopsticks'
 * own log, which goes to `logFile`). Returns what devnet.json records.
 */
export async function spawnPolkadotDevnet(opts: NodeServiceOptions): Promise<PolkadotServiceInfo> {
  const readyFile = join(
    opts.logFile ? dirname(opts.logFile) : tmpdir(),
    `polkadot-ready-${process.pid}-${Date.now()}.json`,
  )
  rmSync(readyFile, { force: true })
  let waiting = true
  try {
    const { pid, ready } = await spawnService<PolkadotReadyReport>({
      label: 'chopsticks (polkadot)',
      command: process.execPath,
      args: [
        ...entry(),
        '--port',
        String(opts.port),
        '--ready-file',
        readyFile,
        ...(opts.orFreePort ? ['--or-free-port'] : []),
      ],
      detached: opts.detached,
      logFile: opts.logFile,
      ready: {
        probe: async () => {
          // spawnService gives up on exit or timeout; `waiting` ends this loop then.
          while (waiting) {
            if (existsSync(readyFile)) {
              const text = readFileSync(readyFile, 'utf8')
              if (text.endsWith('\n')) return JSON.parse(text) as PolkadotReadyReport
            }
            await new Promise((r) => setTimeout(r, 100))
          }
          throw new Error('chopsticks (polkadot) stopped before it was ready')
        },
      },
      timeoutMs: START_TIMEOUT_MS,
    })
    return { ...ready, pids: [pid] }
  } finally {
    waiting = false
    rmSync(readyFile, { force: true })
  }
}

/** chopsticks with the Rococo Asset Hub runtime on port 9944 by default (a free one if taken). */
export const polkadotService: DevnetService<PolkadotServiceInfo> = {
  name: 'polkadot',
  defaultPorts: [POLKADOT_DEVNET_DEFAULT_PORT],
  start: (opts) =>
    spawnPolkadotDevnet({
      port: opts.ports?.[0] ?? POLKADOT_DEVNET_DEFAULT_PORT,
      orFreePort: opts.ports?.[0] === undefined,
      detached: opts.detached,
      logFile: join(opts.stateDir, 'polkadot-chopsticks.log'),
    }),
}
