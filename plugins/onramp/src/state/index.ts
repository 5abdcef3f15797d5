export {
  initialOnrampState,
  type OnrampOrderState,
  type OnrampProviderState,
  type OnrampState,
  OnrampStore,
  paymentId,
  purchaseSymbol,
} from './store.js'
