/**
 * @portico/adapter-polkadot — the Polkadot chain adapter: injected extension
 * discovery (`window.injectedWeb3`), SS58 accounts per network, native and
 * Assets-pallet balances, `signRaw` message signing and
 * `transferKeepAlive` transfers of the native token and of Assets-pallet tokens. The dev extension is in the
 * `@portico/adapter-polkadot/dev-wallet` entry.
 */

export { type PolkadotAdapterOptions, polkadotAdapter } from './adapter/index.js'
export {
  assertNetworkAddress,
  type DecodedAddress,
  decodeSs58,
  encodeSs58,
  isPolkadotAddress,
  MAX_SS58_PREFIX,
  polkadotCaipAddress,
  reencodeAddress,
} from './address/index.js'
// From their own modules, not chain/index.js: the root must not reach the chain runtime (issue 31).
export { AssetMinimumBalanceError, InsufficientNativeForFeeError, UnknownAssetError } from './chain/assets.js'
export { wrapBytes } from './chain/sign.js'
export {
  POLKADOT_REQUEST_METHODS,
  type PolkadotChainAdapter,
  type PolkadotConnectOptions,
  type PolkadotTransactionRequest,
} from './contract/index.js'
export {
  InvalidExtensionResponseError,
  InvalidPolkadotAddressError,
  PolkadotDispatchError,
  PolkadotTransactionInvalidError,
  toPolkadotPorticoError,
} from './errors/index.js'
export { extensionConnectorId, KNOWN_EXTENSIONS } from './extensions/index.js'
export {
  CHOPSTICKS_GENESIS_HASH,
  isPolkadotNetwork,
  kusamaMainnet,
  type PolkadotAssetToken,
  type PolkadotNetwork,
  polkadotCaipNetworkId,
  polkadotLocal,
  polkadotMainnet,
} from './networks/index.js'
export { formatPolkadotSignInMessage } from './siwx/index.js'
