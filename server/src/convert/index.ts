export {
  assumedSwapGas,
  type Dex,
  DexService,
  GAS_PRICE_NOT_SUPPORTED_MESSAGE,
  POOL_FEE_PER_MILLE,
  type Route,
  SWAP_DEADLINE_SECONDS,
  SWAP_NOT_SUPPORTED_MESSAGE,
  type SwapSide,
} from './dex.js'
export { readGasPrice } from './gas-price.js'
export { type ConvertRoutesDeps, registerConvertRoutes } from './routes.js'
