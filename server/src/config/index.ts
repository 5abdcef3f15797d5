export { devnetStateNetworks } from './devnet.js'
export { ConfigError, DEFAULT_LOCAL_PROJECT, loadConfig, resolveConfig } from './load.js'
export type {
  CosmosNetworkConfig,
  GatewayConfig,
  NetworkConfig,
  ProjectConfig,
  SolanaNetworkConfig,
  SplTokenConfig,
  TokenConfig,
} from './schema.js'
export { ConfigSchema, isCosmosNetwork, isEvmNetwork, isSolanaNetwork } from './schema.js'
