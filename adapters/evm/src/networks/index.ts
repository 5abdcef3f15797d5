export {
  type DefineEvmNetworkParams,
  defineEvmNetwork,
  type EvmNetwork,
  isEvmNetwork,
  MULTICALL3_ADDRESS,
  parseEvmChainId,
  toCaipNetworkId,
  withRpcUrls,
} from './networks.js'
export {
  anvil31337,
  anvil31338,
  arbitrum,
  base,
  linea,
  mainnet,
  optimism,
  polygon,
  sepolia,
  zksync,
} from './presets.js'
