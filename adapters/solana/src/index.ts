/**
 * @portico/adapter-solana — the Solana chain adapter: Wallet Standard
 * discovery, SOL and SPL balances, message signing, and SOL and SPL (Token,
 * Token-2022) transfers. The dev
 * wallet is in the `@portico/adapter-solana/dev-wallet` entry.
 */

export {
  type SolanaAdapter,
  type SolanaAdapterOptions,
  type SolanaPriorityFeeOptions,
  type SolanaTokenInfo,
  solanaAdapter,
} from './adapter/index.js'
export { isSolanaAddress } from './address/index.js'
export {
  SOLANA_CHANNEL,
  SOLANA_REQUEST_METHODS,
  type SolanaSignTransactionRequest,
  type SolanaSignTransactionResult,
  type SolanaTransactionRequest,
} from './contract/index.js'
export {
  InvalidWalletAnswerError,
  toSolanaPorticoError,
  WALLET_STANDARD_ERROR_CODES,
} from './errors/index.js'
export {
  type SolanaStandardChain,
  solanaCaipNetworkId,
  solanaDevnet,
  solanaLocalnet,
  solanaMainnet,
  solanaTestnet,
  toStandardChain,
} from './networks/index.js'
export {
  checkSolanaSignInText,
  SOLANA_SIGN_IN_FEATURE,
  SolanaSignInMismatchError,
  signInWithSolanaWallet,
  solanaSignInChainId,
  toSolanaSignInInput,
} from './siwx/index.js'
export {
  InsufficientSolForFeeError,
  InvalidSplMintError,
  ReceiverIsTokenAccountError,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
} from './spl/errors.js'
export { isSolanaWallet, walletConnectorId } from './wallets/index.js'
