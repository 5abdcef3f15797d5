/**
 * @portico/plugin-onramp — buy crypto with a card or bank: the plugin, its
 * controller (SPEC §3 onramp state, limits, quotes, order following) and the
 * amount check. Views live in `@portico/plugin-onramp/react`.
 */
export {
  type BuyTarget,
  buyTarget,
  type CheckoutWindow,
  OnrampController,
  type OnrampControllerOptions,
} from './controller/index.js'
export { type AmountProblem, checkAmount, methodLimits } from './limits/index.js'
export { getOnramp, type OnrampPluginOptions, onrampPlugin } from './plugin.js'
export {
  initialOnrampState,
  type OnrampOrderState,
  type OnrampProviderState,
  type OnrampState,
  OnrampStore,
} from './state/index.js'
