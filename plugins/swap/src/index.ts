/**
 * @portico/plugin-swap — token swaps for Portico over the gateway's convert
 * API, sent through the connected wallet. The root holds the registration
 * only (what a host loads first); the flow is
 * `@portico/plugin-swap/controller` and the views `@portico/plugin-swap/react`,
 * both loaded lazily by the modal.
 */
export type {
  CustomTokenLookup,
  SwapController,
  SwapControllerOptions,
  SwapQuoteInfo,
  SwapState,
  SwapStep,
  SwapTokenInfo,
  SwapWallet,
} from './controller/index.js'
export { type SwapPluginOptions, swapPlugin } from './plugin.js'
