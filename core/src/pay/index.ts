export { checkPayParams } from './check.js'
export {
  InsufficientFundsError,
  InvalidPaymentRequestError,
  PaymentDeclinedError,
  PaymentFailedError,
  PaymentInProgressError,
  PaymentWrongNetworkError,
} from './errors.js'
export {
  type BinancePayExchangeOptions,
  type BinancePreOrder,
  binancePayExchange,
} from './exchange/binance.js'
export { type CoinbasePayExchangeOptions, coinbasePayExchange } from './exchange/coinbase.js'
export { type SandboxPayExchangeOptions, sandboxPayExchange } from './exchange/sandbox.js'
export { checkExchangeUrl } from './exchange/url.js'
export { createPay, type PayDeps } from './pay.js'
export { type Shortfall, shortfallOf } from './shortfall.js'
