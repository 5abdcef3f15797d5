export { ApiPool, CONNECT_TIMEOUT_MS } from './api.js'
export {
  AssetMinimumBalanceError,
  type AssetTransferPlan,
  InsufficientNativeForFeeError,
  planAssetTransfer,
  UnknownAssetError,
} from './assets.js'
export { nativeToken, readAssetBalances, readNativeBalance } from './balance.js'
export { dispatchFailure, INCLUSION_TIMEOUT_MS, waitForInclusion } from './inclusion.js'
export { assertNativeTransferKeepsExistence, polkadotReserve } from './reserve.js'
export { signRawMessage, wrapBytes } from './sign.js'
export { buildExtrinsic, estimateFee, signAndSubmit } from './transfer.js'
