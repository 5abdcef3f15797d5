/**
 * @portico/core — the framework-free core of Portico. Each feature folder's
 * `index.ts` is its only door; this file re-exports them.
 */
export { type AccountType, AccountTypeUnavailableError } from './account-type/index.js'
export * from './api/index.js'
export {
  CALLS_FOLLOW_MS,
  InvalidCallsError,
  InvalidCallsStatusError,
  MAX_CALLS_PER_BATCH,
} from './calls/index.js'
export {
  activeConnectionId,
  CONNECTIONS_FORMAT_VERSION,
  CONNECTIONS_KEY,
  connectionIdOf,
  parseConnectionId,
  selectConnections,
} from './connection/index.js'
export * from './constants/index.js'
export * from './contracts/index.js'
export * from './errors/index.js'
export {
  createDiagnosticsLog,
  type DiagnosticsLog,
  type DiagnosticsLogOptions,
  LOG_BUFFER_BYTES,
  redactSecrets,
} from './log/index.js'
export { explorerUrl, networkRpcUrls, type RpcProxyOptions, rpcProxyUrl } from './networks/index.js'
export {
  type BinancePayExchangeOptions,
  type BinancePreOrder,
  binancePayExchange,
  type CoinbasePayExchangeOptions,
  coinbasePayExchange,
  InsufficientFundsError,
  InvalidPaymentRequestError,
  PaymentDeclinedError,
  PaymentFailedError,
  PaymentInProgressError,
  PaymentWrongNetworkError,
  type SandboxPayExchangeOptions,
  sandboxPayExchange,
} from './pay/index.js'
export { createPortico } from './portico/index.js'
export { REVOKE_DEADLINE_MS, SessionRevokeRefusedError } from './sessions/index.js'
export {
  formatSiwxMessage,
  type ParsedSiwxMessage,
  type ParseSiwxMessageOptions,
  parseSiwxMessage,
  SIWX_DEFAULT_EXPIRY_MS,
  SIWX_MAX_EXPIRY_MS,
  SiwxApi,
  type SiwxApiOptions,
  SiwxConfigError,
  type SiwxController,
  SiwxMessageError,
  type SiwxMessageFields,
  type SiwxNonce,
  type SiwxOptions,
  type SiwxSession,
  type SiwxState,
  type SiwxStatus,
  type SiwxVerifyBody,
} from './siwx/index.js'
export { createDefaultAccountState } from './state/index.js'
export {
  type CookieStorageOptions,
  createCookieStorage,
  createLocalStorage,
  createMemoryStorage,
  type KeyValueBackend,
} from './storage/index.js'
export * from './utils/index.js'
export * from './wallet-standard/index.js'
