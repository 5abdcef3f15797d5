export {
  type BalanceNetwork,
  type BalanceReader,
  BalanceService,
  ChainReadError,
  evmBalanceReader,
  tokenBalance,
} from './balances.js'
export { BITCOIN_NATIVE_ADDRESS, bitcoinBalanceReader } from './bitcoin.js'
export { bitcoinHistory } from './bitcoin-history.js'
export { cosmosBalanceReader } from './cosmos.js'
export { COSMOS_HISTORY_CURSOR, COSMOS_HISTORY_PAGE_SIZE, cosmosHistory } from './cosmos-history.js'
export {
  POLKADOT_NATIVE_ADDRESS,
  polkadotBalanceReader,
  ss58AccountId,
  transferableFromAccountInfo,
} from './polkadot.js'
export {
  POLKADOT_HISTORY_BLOCKS,
  POLKADOT_HISTORY_CURSOR,
  POLKADOT_HISTORY_PAGE_SIZE,
  polkadotHistory,
} from './polkadot-history.js'
export {
  DEFAULT_PRICES,
  type PriceLabel,
  type PriceSource,
  priceTableProblems,
  staticPrices,
} from './prices.js'
export { type Chain, ChainRegistry, NATIVE_TOKEN_ADDRESS } from './registry.js'
export { type ChainRoutesDeps, registerChainRoutes } from './routes.js'
export {
  isSolanaPublicKey,
  SOL_NATIVE_ADDRESS,
  SPL_TOKEN_PROGRAM_ID,
  solanaBalanceReader,
  solanaToken,
} from './solana.js'
export { SOLANA_SIGNATURE, solanaHistory } from './solana-history.js'
