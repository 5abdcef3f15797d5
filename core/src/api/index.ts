export {
  type AdapterTokenBalanceSourceOptions,
  adapterTokenBalanceSource,
  holdingToTokenBalance,
} from './adapter-token-source.js'
export { AnalyticsClient, type AnalyticsClientOptions, UNSENT_ANALYTICS_EVENTS } from './analytics.js'
export { HttpBlockchainApi, type HttpBlockchainApiOptions, supportedChainsCheck } from './blockchain.js'
export {
  DIRECTORY_PATHS,
  type ImageKind,
  WalletDirectoryClient,
  type WalletDirectoryClientOptions,
} from './directory.js'
export { buildUrl, HttpClient, type HttpClientOptions, type Query, type RequestOptions } from './http.js'
export { defaultOnrampOptions, mockOnrampQuote } from './onramp-defaults.js'
export {
  createTokenBalanceFlow,
  type TokenBalanceFlow,
  type TokenBalanceFlowOptions,
  type TokenBalancePatch,
  type TokenBalanceResult,
  type TokenBalanceSource,
} from './token-balance.js'
