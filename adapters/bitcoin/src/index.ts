/**
 * @portico/adapter-bitcoin — the Bitcoin (bip122) chain adapter: Wallet
 * Standard and WBIP004 (`btc_providers`) wallets, UTXO balances and PSBT
 * sends over an Esplora API, ECDSA and BIP-322 messages. The dev wallet is in
 * the `@portico/adapter-bitcoin/dev-wallet` entry; the PSBT and message helpers
 * (bitcoinjs-lib: servers, signers, tests) in `@portico/adapter-bitcoin/psbt`, so a
 * page that only registers the adapter does not load them up front.
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
export {
  addressParams,
  BITCOIN_GENESIS_HASHES,
  type BitcoinAddressParams,
  bitcoinCaipNetworkId,
  bitcoinMainnet,
  bitcoinRegtest,
  bitcoinSignet,
  bitcoinTestnet,
  toStandardChain,
} from './networks/index.js'
