/**
 * @portico/plugin-onramp/controller — the onramp flow of an instance
 * (`getOnramp(portico)`): options, the SPEC §5 amount check, quotes, the
 * checkout and the order it follows; the SPEC §3 onramp state store. The
 * views use it; hosts may too, for their own UI.
 */
export { type AmountProblem, checkAmount, methodLimits } from '../limits/index.js'
export {
  initialOnrampState,
  type OnrampOrderState,
  type OnrampProviderState,
  type OnrampState,
  OnrampStore,
} from '../state/index.js'
export { type CheckoutWindow, OnrampController, type OnrampControllerOptions } from './controller.js'
export { getOnramp } from './registry.js'
export { type BuyTarget, buyTarget } from './wallet.js'
