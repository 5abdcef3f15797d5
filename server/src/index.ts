/**
 * @portico/server — the Portico gateway: the SPEC §7 blockchain API, the
 * wallet directory and analytics ingestion, on SQLite or PostgreSQL.
 */
export { main } from './cli.js'
export {
  ConfigError,
  ConfigSchema,
  DEFAULT_LOCAL_PROJECT,
  devnetStateNetworks,
  type GatewayConfig,
  loadConfig,
  type NetworkConfig,
  type ProjectConfig,
  resolveConfig,
  type SolanaNetworkConfig,
  type SplTokenConfig,
  type TokenConfig,
} from './config/index.js'
export { type CreateGatewayOptions, createGateway, type Gateway } from './gateway.js'
export {
  PAYMENT_DELIVERY_HEADER,
  PAYMENT_EVENT_HEADER,
  PAYMENT_SIGNATURE_HEADER,
  SIGNATURE_TOLERANCE_SECONDS,
  signPaymentWebhook,
  verifyPaymentWebhook,
} from './payments/index.js'
export {
  canonicalSignature,
  NAMES_DOMAIN,
  registrationTypedData,
  SESSIONS_DOMAIN,
  sessionRevokeDomain,
  sessionRevokeTypedData,
  sessionTypedData,
} from './signatures/index.js'
export { type Database, MIGRATIONS, migrate, openDatabase } from './storage/index.js'
