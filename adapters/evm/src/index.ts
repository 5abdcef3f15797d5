/**
 * @portico/adapter-evm — the EVM (eip155) chain adapter for Portico on viem.
 * The dev wallet lives at `@portico/adapter-evm/dev-wallet`.
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
  InvalidWalletResponseError,
} from './provider/index.js'
export {
  createEvmPublicClient,
  createEvmTransport,
  type EvmTransportOptions,
  resolveTransportOptions,
} from './transport/index.js'
