export {
  type EvmToken,
  multicall3Abi,
  readTokenBalances,
  type TokenBalanceResult,
  type TokenBalances,
  type TokenQuery,
  toBalance,
} from './balances.js'
