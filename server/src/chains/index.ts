export { BalanceService, ChainReadError } from './balances.js'
export { DEFAULT_PRICES, type PriceSource, staticPrices } from './prices.js'
export { type Chain, ChainRegistry, NATIVE_TOKEN_ADDRESS } from './registry.js'
export { type ChainRoutesDeps, registerChainRoutes } from './routes.js'
