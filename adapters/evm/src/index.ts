/**
 * @portico/adapter-evm — the EVM (eip155) chain adapter for Portico on viem.
 * The dev wallet lives at `@portico/adapter-evm/dev-wallet`, a connected
 * Portico for plugin tests at `@portico/adapter-evm/testing`, the viem
 * transport and client factories at `@portico/adapter-evm/transport`.
 *
 * Nothing this entry imports statically imports viem: the adapter
 * `await import()`s it on first use (runtime/), so an app's first load carries
 * no viem. Keep it so — a bundler that splits by module (esbuild) puts every
 * module statically reachable from here in the initial chunk, used or not.
 */
export {
  type EvmAdapter,
  type EvmAdapterOptions,
  type EvmConnectorConfig,
  evmAdapter,
  type WriteContractParams,
} from './adapter.js'
export {
  type EvmToken,
  multicall3Abi,
  readTokenBalances,
  type TokenBalanceResult,
  type TokenBalances,
  type TokenQuery,
} from './balances/index.js'
export {
  AtomicBatchUnsupportedError,
  type EvmCall,
  type EvmCallCapabilities,
  type EvmCallsStatus,
  InvalidCallsResponseError,
} from './calls/index.js'
export { ANNOUNCE_EVENT, REQUEST_EVENT, sanitizeAnnouncement } from './discovery/index.js'
export {
  anvil31337,
  anvil31338,
  arbitrum,
  base,
  type DefineEvmNetworkParams,
  defineEvmNetwork,
  type EvmNetwork,
  linea,
  MULTICALL3_ADDRESS,
  mainnet,
  optimism,
  parseEvmChainId,
  polygon,
  sepolia,
  withRpcUrls,
  zksync,
} from './networks/index.js'
export {
  ConnectorNotFoundError,
  type Eip1193Provider,
  type Eip6963ProviderDetail,
  type Eip6963ProviderInfo,
  type Eip6963Target,
  EvmClientNotLoadedError,
  InvalidWalletResponseError,
  WalletRequestPendingError,
} from './provider/index.js'
export { formatEvmSignInMessage } from './siwx/index.js'
export {
  ENTRY_POINT_V07,
  type EvmSmartAccountOptions,
  SponsorshipRefusedError,
  UserOperationRejectedError,
} from './smart-account/index.js'
// Not the transport/ door: that one builds viem transports (the `./transport` subpath).
export { type EvmTransportOptions, resolveTransportOptions } from './transport/options.js'
