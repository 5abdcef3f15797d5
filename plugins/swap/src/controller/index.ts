/**
 * @portico/plugin-swap/controller — the swap flow of an instance
 * (`getSwapController(portico)`): token list and balances, quotes, preview
 * checks, the approve → swap sequence, and the SPEC amount helpers. The views
 * use it; hosts may too, for their own UI.
 */
export { SwapController, type SwapControllerOptions } from './controller.js'
export {
  displayAmount,
  fromUnits,
  isNativeToken,
  isValidSlippage,
  minimumReceived,
  NATIVE_MARKER,
  priceImpact,
  toUnits,
} from './math.js'
export { getSwapController } from './registry.js'
export {
  BAD_CHECKSUM_TEXT,
  type CustomTokenLookup,
  INVALID_TOKEN_ADDRESS_TEXT,
  MAX_GAS_RESERVE_UNITS,
  NOT_A_TOKEN_TEXT,
  SWAP_NOT_SUPPORTED_TEXT,
  type SwapQuoteInfo,
  type SwapState,
  type SwapStep,
  type SwapTokenInfo,
} from './state.js'
export { porticoSwapWallet, type SwapWallet } from './wallet.js'
