export { AccountsService } from './accounts.js'
export { BalanceService, type RefreshOptions, type SentTransaction } from './balance.js'
export { ProfileService, servableAvatar } from './profile.js'
export { type GatewayWithFallbackOptions, gatewayWithAdapterFallback } from './token-source.js'
