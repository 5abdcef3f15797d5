/**
 * @portico/plugin-onramp/react — the plugin's views for @portico/react.
 * `onrampPlugin()` registers them as lazy chunks; they are exported here too
 * for hosts that compose their own UI.
 */
export { default as BuyInProgressView } from './BuyInProgress.js'
export { default as OnRampProvidersView } from './OnRampProviders.js'
export { openCheckoutWindow, useOnramp } from './shared.js'
