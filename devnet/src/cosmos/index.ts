export { type AbciEvent, type Block, CosmosChain, type IndexedTx, type TxResult } from './chain.js'
export { CosmosTxError, SDK_CODES } from './errors.js'
export {
  COSMOS_DEV_ACCOUNT_COUNT,
  COSMOS_DEV_GENESIS_AMOUNT,
  COSMOS_DEV_MNEMONIC,
  COSMOS_LOCAL_CHAINS,
  COSMOS_LOCAL_HUB,
  COSMOS_LOCAL_OSMO,
  type CosmosChainSpec,
  type CosmosDenom,
  type CosmosDevAccount,
} from './fixtures.js'
export {
  type CosmosDevnet,
  type CosmosDevnetChain,
  type StartCosmosDevnetOptions,
  startCosmosDevnet,
} from './server.js'
export {
  COSMOS_DEVNET_DEFAULT_PORT,
  type CosmosServiceInfo,
  cosmosService,
  spawnCosmosDevnet,
} from './service.js'
