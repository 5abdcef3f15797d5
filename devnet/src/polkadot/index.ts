export {
  ASSET_FIXTURE,
  POLKADOT_LOCAL_CAIP_NETWORK_ID,
  POLKADOT_LOCAL_GENESIS_HASH,
  POLKADOT_LOCAL_SS58_PREFIX,
  POLKADOT_LOCAL_TOKEN,
  type PolkadotAssetFixture,
  type PolkadotDevAccount,
  type PolkadotFixtures,
  polkadotDevAccounts,
  ROC,
} from './fixtures.js'
export { type PolkadotFixturesJson, polkadotFixturesToJson } from './json.js'
export { type PolkadotDevnet, type StartPolkadotDevnetOptions, startPolkadotDevnet } from './server.js'
export {
  POLKADOT_DEVNET_DEFAULT_PORT,
  type PolkadotServiceInfo,
  polkadotService,
  spawnPolkadotDevnet,
} from './service.js'
