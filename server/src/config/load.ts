import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { Value } from 'typebox/value'
import { priceTableProblems } from '../chains/prices.js'
import { onrampFromEnv, withDevnetSandbox } from '../onramp/config.js'
import { withDevnetNetworks } from './devnet.js'
import { ConfigError } from './errors.js'
import {
  ConfigSchema,
  type GatewayConfig,
  isDevnetNetwork,
  isEvmNetwork,
  type ProjectConfig,
} from './schema.js'

/** The project used when the configuration names none: any localhost origin may call it. */
export const DEFAULT_LOCAL_PROJECT: ProjectConfig = {
  id: 'local',
  name: 'Local development',
  allowedOrigins: ['http://localhost:*', 'http://127.0.0.1:*', 'https://localhost:*', 'http://[::1]:*'],
  features: { analytics: true, names: true, history: true },
}

export { ConfigError }

/**
 * Builds the gateway configuration from a plain object (usually a parsed JSON
 * file) and the environment, applies defaults and validates it.
 *
 * @example
 * const config = resolveConfig({ networks: [{ caipNetworkId: 'eip155:31337', rpcUrl }] }, process.env)
 */
export function resolveConfig(
  input: unknown = {},
  env: Record<string, string | undefined> = {},
): GatewayConfig {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new ConfigError('configuration must be a JSON object')
  }
  const raw: Record<string, unknown> = structuredClone(input as Record<string, unknown>)
  if (env.PORT !== undefined) raw.port = Number(env.PORT)
  if (env.HOST) raw.host = env.HOST
  if (env.DATABASE_URL) raw.databaseUrl = env.DATABASE_URL
  if (env.REDIS_URL) raw.redisUrl = env.REDIS_URL
  if (env.PORTICO_DATA_DIR) raw.dataDir = env.PORTICO_DATA_DIR
  if (env.LOG_LEVEL) raw.logLevel = env.LOG_LEVEL
  if (env.PORTICO_PUBLIC_URL) raw.publicUrl = env.PORTICO_PUBLIC_URL
  if (env.PORTICO_DEV !== undefined) raw.dev = env.PORTICO_DEV === '1' || env.PORTICO_DEV === 'true'
  if (env.PORTICO_METRICS_TOKEN) {
    raw.metrics = {
      ...(raw.metrics as Record<string, unknown> | undefined),
      token: env.PORTICO_METRICS_TOKEN,
    }
  }
  if (raw.trustProxy === true) {
    // Believing X-Forwarded-For from anyone lets every client choose its own IP.
    throw new ConfigError(
      "invalid configuration: trustProxy: true is refused; give the number of proxy hops (e.g. 1) or the proxies' addresses / CIDR ranges",
    )
  }
  if (
    raw.redisUrl !== undefined &&
    !(typeof raw.redisUrl === 'string' && /^rediss?:\/\/\S+$/.test(raw.redisUrl))
  ) {
    throw new ConfigError('invalid configuration: redisUrl (REDIS_URL) must be a redis:// or rediss:// URL')
  }
  const onramp = onrampFromEnv(raw.onramp, env)
  if (onramp) raw.onramp = onramp
  const withDefaults = Value.Default(ConfigSchema, raw)
  const errors = [...Value.Errors(ConfigSchema, withDefaults)]
  if (errors.length > 0) {
    const lines = errors.slice(0, 10).map((e) => `${e.instancePath || '/'} ${e.message}`)
    throw new ConfigError(`invalid configuration:\n  ${lines.join('\n  ')}`)
  }
  const config = withDefaults as GatewayConfig
  const priceProblems = priceTableProblems(config.prices)
  if (priceProblems.length > 0) {
    throw new ConfigError(`invalid configuration:\n  ${priceProblems.slice(0, 10).join('\n  ')}`)
  }
  if (config.projects.length === 0) config.projects = [DEFAULT_LOCAL_PROJECT]
  const ids = new Set<string>()
  for (const p of config.projects) {
    if (ids.has(p.id)) throw new ConfigError(`invalid configuration: duplicate project id ${p.id}`)
    ids.add(p.id)
  }
  const chains = new Set<string>()
  for (const n of config.networks) {
    if (chains.has(n.caipNetworkId)) {
      throw new ConfigError(`invalid configuration: duplicate network ${n.caipNetworkId}`)
    }
    chains.add(n.caipNetworkId)
  }
  config.networks.forEach((n, i) => {
    if (!isEvmNetwork(n) || !n.indexer?.enabled) return
    const where = `networks[${i}] (${n.caipNetworkId})`
    if (isDevnetNetwork(n)) return
    if (n.indexer.fromBlock === undefined) {
      throw new ConfigError(
        `invalid configuration: ${where} indexer.fromBlock is required on a real chain (the first block to index, e.g. the block your contracts were deployed in); only a devnet starts at 0 by default`,
      )
    }
    if (n.indexer.confirmations === 0) {
      throw new ConfigError(
        `invalid configuration: ${where} indexer.confirmations 0 is allowed on a devnet only (set "devnet": true on a local chain); a real chain re-organises near its head`,
      )
    }
  })
  checkSandboxNetwork(config)
  return config
}

/**
 * The onramp sandbox pays out from a hot treasury key: it runs on a devnet network only. Its network is
 * `onramp.sandbox.network`, else the first EVM network; a real chain there stops the start with a ConfigError.
 */
function checkSandboxNetwork(config: GatewayConfig): void {
  const sandbox = config.onramp.sandbox
  if (!sandbox.enabled) return
  const evm = config.networks.filter(isEvmNetwork)
  const n = sandbox.network ? evm.find((x) => x.caipNetworkId === sandbox.network) : evm[0]
  if (n && !isDevnetNetwork(n)) {
    throw new ConfigError(
      `invalid configuration: onramp.sandbox runs on devnet networks only (it pays from a treasury key); ${n.caipNetworkId} is a real chain (set "devnet": true only on a local chain, or name a devnet in onramp.sandbox.network)`,
    )
  }
}

/** `$PORTICO_STATE_DIR/devnet.json`, else the nearest `.portico/devnet.json` from `cwd` upwards. */
function findDevnetState(env: Record<string, string | undefined>, cwd: string): string {
  if (env.PORTICO_STATE_DIR) return join(env.PORTICO_STATE_DIR, 'devnet.json')
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const file = join(dir, '.portico', 'devnet.json')
    if (existsSync(file) || dirname(dir) === dir) return file
  }
}

/**
 * Reads the configuration: the JSON file named by `--config <file>` or
 * `PORTICO_CONFIG` (optional), then environment overrides (PORT, HOST,
 * DATABASE_URL, REDIS_URL, PORTICO_DATA_DIR, LOG_LEVEL, PORTICO_PUBLIC_URL, PORTICO_DEV,
 * PORTICO_METRICS_TOKEN). `--devnet [devnet.json]` adds
 * the networks of the local world started by `portico-devnet start` (anvil
 * chains and the local SVM), read from its state file.
 *
 * @example
 * const config = loadConfig(process.argv.slice(2), process.env)
 */
export function loadConfig(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  cwd: string = process.cwd(),
): GatewayConfig {
  const i = argv.indexOf('--config')
  const file = i >= 0 ? argv[i + 1] : env.PORTICO_CONFIG
  let input: unknown = {}
  if (file) {
    let text: string
    try {
      text = readFileSync(file, 'utf8')
    } catch (cause) {
      throw new ConfigError(`cannot read configuration file ${file}: ${(cause as Error).message}`)
    }
    try {
      input = JSON.parse(text)
    } catch (cause) {
      throw new ConfigError(`configuration file ${file} is not valid JSON: ${(cause as Error).message}`)
    }
  }
  const d = argv.indexOf('--devnet')
  if (d >= 0) {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      throw new ConfigError('configuration must be a JSON object')
    }
    const next = argv[d + 1]
    const stateFile = next && !next.startsWith('--') ? resolve(cwd, next) : findDevnetState(env, cwd)
    input = withDevnetSandbox(withDevnetNetworks(input as Record<string, unknown>, stateFile))
  }
  return resolveConfig(input, env)
}
