/**
 * @portico/plugin-onramp — buy crypto with a card or bank. The root holds the
 * registration only (what a host loads first); the flow — controller, SPEC §3
 * onramp state, SPEC §5 amount check — is `@portico/plugin-onramp/controller`
 * and the views `@portico/plugin-onramp/react`, both loaded lazily by the modal.
 */
export type {
  BuyTarget,
  CheckoutWindow,
  OnrampController,
  OnrampControllerOptions,
} from './controller/index.js'
export type { AmountProblem } from './limits/index.js'
export { type OnrampPluginOptions, onrampPlugin } from './plugin.js'
export type { OnrampOrderState, OnrampProviderState, OnrampState } from './state/index.js'
