export {
  ConnectorNotFoundError,
  EvmClientNotLoadedError,
  InvalidWalletResponseError,
  namingWallet,
  WalletRequestPendingError,
} from './errors.js'
export { findErrorCode, walletRequest } from './request.js'
export type { Eip1193Provider, Eip6963ProviderDetail, Eip6963ProviderInfo, Eip6963Target } from './types.js'
export {
  MAX_ACCOUNTS,
  parseAccounts,
  parseChainId,
  parseSignature,
  parseTransactionHash,
  toAccountRecords,
} from './validate.js'
