export { devnetStateNetworks } from './devnet.js'
export { ConfigError, DEFAULT_LOCAL_PROJECT, loadConfig, resolveConfig } from './load.js'
export type {
  BitcoinNetworkConfig,
  CosmosNetworkConfig,
  GatewayConfig,
  NetworkConfig,
  PolkadotNetworkConfig,
  ProjectConfig,
  SolanaNetworkConfig,
  SplTokenConfig,
  TokenConfig,
} from './schema.js'
export {
  ConfigSchema,
  DEFAULT_CONFIRMATIONS,
  DEVNET_CHAIN_IDS,
  isBitcoinNetwork,
  isCosmosNetwork,
  isDevnetNetwork,
  isEvmNetwork,
  isPolkadotNetwork,
  isSolanaNetwork,
} from './schema.js'
