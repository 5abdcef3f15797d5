export { type DevWcChannel, openDevWcChannel } from './dapp-channel.js'
export {
  ANVIL_DEFAULT_PRIVATE_KEY,
  createDevWcWallet,
  type DevWcBitcoinKey,
  type DevWcCosmosKey,
  type DevWcPolkadotKey,
  type DevWcRequestLog,
  type DevWcSolanaKey,
  type DevWcWallet,
  type DevWcWalletOptions,
  sessionError,
  userRejection,
  WalletError,
} from './dev-wallet/index.js'
export { type OutboundConnectionWatch, watchOutboundConnections } from './loopback-guard.js'
export { startWalletConnectRelay, type WalletConnectRelay, type WalletConnectRelayOptions } from './relay.js'
export {
  spawnWalletConnectRelay,
  WALLETCONNECT_RELAY_DEFAULT_PORT,
  type WalletConnectRelayServiceInfo,
  walletConnectRelayService,
} from './service.js'
export { createMemoryKeyValueStorage, type MemoryKeyValueStorage } from './storage.js'
