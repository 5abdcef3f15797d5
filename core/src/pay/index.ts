// The payment flow (pay.ts, check.ts, shortfall.ts) has a door of its own, runtime.ts: only
// portico/actions.ts (loaded with import()) reaches it, so a page's first load never does (issue 31).
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
