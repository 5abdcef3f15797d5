/**
 * @portico/plugin-walletconnect — WalletConnect v2 for Portico: the connector
 * (lazily loaded universal provider), the pairing lifecycle and deep links.
 * Views live in `@portico/plugin-walletconnect/react`.
 */
export * from './connector/index.js'
export * from './deeplink/index.js'
export {
  type BrowseSnapshot,
  createDirectoryCache,
  type DirectoryCache,
  type DirectoryCacheOptions,
  type DirectoryFilters,
} from './directory-cache/index.js'
export {
  getWalletConnectConnector,
  getWalletConnectInstance,
  prefetchAllWallets,
  type WalletConnectInstance,
  type WalletConnectPluginOptions,
  walletConnectPlugin,
} from './plugin.js'
