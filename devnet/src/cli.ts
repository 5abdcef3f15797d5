import { mkdirSync } from 'node:fs'
import { type BundlerServiceInfo, bundlerService } from './evm/aa/service.js'
import { exchangeService } from './exchange/service.js'
import {
  DEVNET_SERVICES,
  type DevnetService,
  isServiceRunning,
  type ServiceInfo,
  stopService,
} from './services.js'
import {
  type DevnetState,
  getStateDir,
  getStateFile,
  readDevnetState,
  removeDevnetState,
  writeDevnetState,
} from './state.js'

export interface CliOptions {
  stateDir?: string
  /** service name → ports, e.g. { evm: [8545, 8546] } */
  ports?: Record<string, number[]>
  services?: DevnetService[]
  log?: (line: string) => void
}

/**
 * `portico-devnet start`: starts every service detached and writes devnet.json.
 * Idempotent: services already running (by PID) are kept as they are.
 */
export async function devnetStart(opts: CliOptions = {}): Promise<DevnetState> {
  const stateDir = opts.stateDir ?? getStateDir()
  const services = opts.services ?? DEVNET_SERVICES
  const log = opts.log ?? console.log
  mkdirSync(stateDir, { recursive: true })
  const previous = readDevnetState(stateDir)
  const state: DevnetState = { startedAt: previous?.startedAt ?? new Date().toISOString(), services: {} }
  try {
    for (const service of services) {
      const info = previous?.services[service.name]
      if (info && (await isServiceRunning(service, info))) {
        log(`${service.name}: already running (pids ${info.pids.join(', ')})`)
        state.services[service.name] = info
        continue
      }
      if (info) await stopService(service, info)
      const started = await service.start({ stateDir, ports: opts.ports?.[service.name], detached: true })
      log(`${service.name}: started (pids ${started.pids.join(', ')})`)
      state.services[service.name] = started
      writeDevnetState(state, stateDir)
    }
  } catch (error) {
    writeDevnetState(state, stateDir)
    throw error
  }
  writeDevnetState(state, stateDir)
  log(`state written to ${getStateFile(stateDir)}`)
  return state
}

/** `portico-devnet stop`: stops every service by PID and removes devnet.json. Idempotent. */
export async function devnetStop(opts: CliOptions = {}): Promise<void> {
  const stateDir = opts.stateDir ?? getStateDir()
  const services = opts.services ?? DEVNET_SERVICES
  const log = opts.log ?? console.log
  const state = readDevnetState(stateDir)
  if (!state) {
    log('devnet: not running')
    return
  }
  for (const [name, info] of Object.entries(state.services)) {
    if (!info) continue
    const service = services.find((s) => s.name === name)
    if (service) await stopService(service, info)
    else await stopService({ name, start: async () => info }, info)
    log(`${name}: stopped`)
  }
  removeDevnetState(stateDir)
}

/** `portico-devnet status`: per service, running or not. Returns true when all run. */
export async function devnetStatus(opts: CliOptions = {}): Promise<boolean> {
  const stateDir = opts.stateDir ?? getStateDir()
  const state = readDevnetState(stateDir)
  // The exchange and the bundler are optional: listed when they were started.
  const services =
    opts.services ??
    servicesFor([
      ...(state?.services.exchange ? ['--exchange'] : []),
      ...(state?.services.bundler ? ['--bundler'] : []),
    ])
  const log = opts.log ?? console.log
  let all = true
  for (const service of services) {
    const info: ServiceInfo | undefined = state?.services[service.name]
    const running = info ? await isServiceRunning(service, info) : false
    all &&= running
    log(`${service.name}: ${running ? `running (pids ${info?.pids.join(', ')})` : 'stopped'}`)
    if (running && service.name === 'evm' && state?.services.evm) {
      for (const c of state.services.evm.chains) log(`  chain ${c.chainId}: ${c.rpcUrl}`)
    }
    if (running && service.name === 'exchange' && info) log(`  sandbox exchange: ${String(info.url)}`)
    if (running && service.name === 'bundler' && info) {
      for (const b of (info as BundlerServiceInfo).bundlers) log(`  chain ${b.chainId}: ${b.url}`)
    }
  }
  return all
}

function parsePorts(args: string[]): Record<string, number[]> {
  const ports: Record<string, number[]> = {}
  for (const [i, arg] of args.entries()) {
    const m = /^--([a-z0-9-]+)-ports(?:=(.*))?$/.exec(arg)
    if (!m?.[1]) continue
    const value = m[2] ?? args[i + 1] ?? ''
    ports[m[1]] = value.split(',').map((p) => {
      const n = Number(p)
      if (!Number.isInteger(n) || n <= 0 || n > 65535) throw new Error(`bad port "${p}" in ${arg}`)
      return n
    })
  }
  return ports
}

/**
 * The services `start` runs for these arguments: every default one, plus the
 * ERC-4337 bundler with `--bundler` (off by default: most suites need none).
 */
export function servicesFor(args: readonly string[]): DevnetService[] {
  return [
    ...DEVNET_SERVICES,
    ...(args.includes('--exchange') ? [exchangeService as unknown as DevnetService] : []),
    ...(args.includes('--bundler') ? [bundlerService as unknown as DevnetService] : []),
  ]
}

const USAGE = `usage: portico-devnet start|stop|status [--evm-ports 8545,8546] [--exchange [--exchange-ports 8790]] [--bundler [--bundler-ports 4337,4338]]
--exchange also starts the sandbox exchange ("Pay from an exchange", --exchange-ports 8790).
--bundler also starts @pimlico/alto (ERC-4337 bundler, EntryPoint v0.7) for each anvil.
State file: <repo>/.portico/devnet.json (PORTICO_STATE_DIR overrides the folder).`

/** Entry of the `portico-devnet` bin. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  try {
    if (command === 'start') {
      await devnetStart({ ports: parsePorts(rest), services: servicesFor(rest) })
      return 0
    }
    if (command === 'stop') {
      await devnetStop()
      return 0
    }
    if (command === 'status') return (await devnetStatus()) ? 0 : 3
    console.log(USAGE)
    return command === undefined || command === '--help' ? 0 : 2
  } catch (error) {
    console.error(`portico-devnet ${command}: ${error instanceof Error ? error.message : String(error)}`)
    return 1
  }
}
