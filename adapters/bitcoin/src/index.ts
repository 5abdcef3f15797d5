/**
 * @portico/adapter-bitcoin — the Bitcoin (bip122) chain adapter: Wallet
 * Standard and WBIP004 (`btc_providers`) wallets, UTXO balances and PSBT
 * sends over an Esplora API, ECDSA and BIP-322 messages. The dev wallet is in
 * the `@portico/adapter-bitcoin/dev-wallet` entry.
 */

export {
  type BitcoinAdapter,
  type BitcoinAdapterOptions,
  type BitcoinBalance,
  bitcoinAdapter,
} from './adapter/index.js'
export { type BitcoinAddressType, isBitcoinAddress, parseBitcoinAddress } from './address/index.js'
export type {
  BitcoinConnectOptions,
  BitcoinPurpose,
  BitcoinSignMessageOptions,
  BitcoinSignTransactionRequest,
  BitcoinSignTransactionResult,
  BitcoinTransactionRequest,
} from './contract/index.js'
export {
  DustAmountError,
  EsploraResponseError,
  InsufficientFundsError,
  InvalidBitcoinAddressError,
  InvalidWalletResponseError,
  PsbtMismatchError,
  toBitcoinPorticoError,
  UnsupportedMessageAddressError,
  WBIP_ERROR_CODES,
} from './errors/index.js'
export { EsploraClient, type FeeEstimates, type Utxo } from './esplora/index.js'
export { type Bip322Signer, signMessageBip322, verifyBitcoinMessage } from './message/index.js'
export {
  addressParams,
  BITCOIN_GENESIS_HASHES,
  bitcoinCaipNetworkId,
  bitcoinMainnet,
  bitcoinRegtest,
  bitcoinSignet,
  bitcoinTestnet,
  toStandardChain,
} from './networks/index.js'
export { assertSamePayment, buildPayment, DUST_LIMITS } from './psbt/index.js'
