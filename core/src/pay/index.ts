export { checkPayParams } from './check.js'
export {
  InsufficientFundsError,
  InvalidPaymentRequestError,
  PaymentDeclinedError,
  PaymentFailedError,
  PaymentInProgressError,
  PaymentWrongNetworkError,
} from './errors.js'
export { createPay, type PayDeps } from './pay.js'
export { type Shortfall, shortfallOf } from './shortfall.js'
