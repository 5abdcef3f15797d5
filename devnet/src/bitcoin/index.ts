export { EsploraError, type EsploraStatus, type EsploraTx, type EsploraUtxo } from './esplora.js'
export {
  BITCOIN_DEV_FUNDING,
  BITCOIN_DEVNET_FEE_ESTIMATES,
  BITCOIN_REGTEST_CAIP_NETWORK_ID,
  BITCOIN_REGTEST_GENESIS_HASH,
  type BitcoinFixtures,
} from './fixtures.js'
export { BITCOIN_DEV_MNEMONIC, type BitcoinDevAccount, deriveBitcoinDevAccounts } from './keys.js'
export { type BitcoinDevnet, type StartBitcoinDevnetOptions, startBitcoinDevnet } from './server.js'
export {
  BITCOIN_DEVNET_DEFAULT_PORT,
  type BitcoinServiceInfo,
  bitcoinService,
  spawnBitcoinDevnet,
} from './service.js'
