export {
  BASE_FEE_MULTIPLIER,
  type EvmFeeFields,
  FEE_HISTORY_BLOCKS,
  maxPricePerGas,
  PRIORITY_FEE_PERCENTILE,
  suggestFeeFields,
} from './fee-fields.js'
export { GAS_PRICE_ORACLE_ADDRESS, gasPriceOracleAbi, readL1DataFee } from './l1-data-fee.js'
export {
  createFeeQuotes,
  type EvmFeeQuote,
  FEE_QUOTE_TTL_MS,
  type FeeQuotes,
  requestFeeFields,
  withFeeFields,
} from './quote.js'
