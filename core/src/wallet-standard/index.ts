export {
  listWalletStandard,
  type StandardWalletLike,
  type StandardWalletRegistry,
  type WalletStandardEntry,
  type WatchWalletStandardOptions,
  walletStandardConnectorId,
  watchWalletStandard,
} from './discovery.js'
