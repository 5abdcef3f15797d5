/**
 * @portico/adapter-cosmos — the Cosmos chain adapter: Keplr-API wallets,
 * bank balances, ADR-036 message signing and MsgSend transfers (direct and
 * amino) on CosmJS, loaded lazily. The dev wallet is in the
 * `@portico/adapter-cosmos/dev-wallet` entry.
 */

export { COSMOS_KEY_ALGOS, type CosmosKeyInfo, cosmosCaipAddress, toCosmosKeyInfo } from './account/index.js'
export { cosmosAdapter } from './adapter/index.js'
export type {
  CosmosAdapterOptions,
  CosmosConnectOptions,
  CosmosSignTransactionRequest,
  CosmosSignTransactionResult,
} from './adapter/types.js'
export { assertCosmosAddress, InvalidCosmosAddressError, isCosmosAddress } from './address/index.js'
export { describeDenom, getAllCosmosBalances, getFeeCoinBalance } from './balances/index.js'
export { COSMOS_CHANNEL, COSMOS_REQUEST_METHODS } from './contract/index.js'
export {
  COSMOS_SDK_CODES,
  CosmosTransactionError,
  InvalidWalletResponseError,
  toCosmosPorticoError,
} from './errors/index.js'
export type { Keplr, KeplrChainInfo, KeplrDirectSignDoc, KeplrKey } from './keplr/index.js'
export {
  type CosmosChainConfig,
  type CosmosCurrency,
  type CosmosFeeMarket,
  type CosmosNetwork,
  cosmosCaipNetworkId,
  cosmosLocalHub,
  cosmosLocalOsmo,
  defineCosmosNetwork,
  toKeplrChainInfo,
} from './networks/index.js'
// From their own modules, not send/index.js or sign-message/index.js: the root must not reach the
// send and signing code, which the adapter loads with import() (issue 31).
export { CosmosFeeMarketError } from './send/gas-price.js'
export { type CosmosSignMode, DEFAULT_GAS_MULTIPLIER } from './send/options.js'
export {
  type CosmosCoinAmount,
  type CosmosFee,
  type CosmosTransactionRequest,
  InvalidCosmosRequestError,
  MAX_MEMO_CHARACTERS,
} from './send/request.js'
export {
  adr036KeyAlgorithm,
  ETH_SECP256K1_KEY_TYPES,
  makeAdr036SignDoc,
  SECP256K1_KEY_TYPE,
  verifyAdr036Signature,
} from './sign-message/adr036.js'
export {
  type ConfiguredCosmosWallet,
  cosmosConnectorId,
  isKeplrLike,
  KEPLR_STYLE_WALLETS,
  type KeplrStyleWallet,
} from './wallets/index.js'
