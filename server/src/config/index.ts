export { devnetStateNetworks } from './devnet.js'
export { ConfigError, DEFAULT_LOCAL_PROJECT, loadConfig, resolveConfig } from './load.js'
export type {
  GatewayConfig,
  NetworkConfig,
  PolkadotNetworkConfig,
  ProjectConfig,
  SolanaNetworkConfig,
  SplTokenConfig,
  TokenConfig,
} from './schema.js'
export { ConfigSchema, isPolkadotNetwork, isSolanaNetwork } from './schema.js'
