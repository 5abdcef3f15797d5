export { ConfigError, DEFAULT_LOCAL_PROJECT, loadConfig, resolveConfig } from './load.js'
export type { GatewayConfig, NetworkConfig, ProjectConfig, TokenConfig } from './schema.js'
export { ConfigSchema } from './schema.js'
