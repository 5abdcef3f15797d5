/**
 * @portico/devnet — the local world for Portico's demo and tests: two anvil
 * nodes with deterministic fixtures, and the `portico-devnet` CLI.
 */

export { devnetStart, devnetStatus, devnetStop } from './cli.js'
export { ANVIL_MNEMONIC, type DevAccount, getDevAccounts } from './evm/accounts.js'
export { resolveAnvilBinary } from './evm/anvil.js'
export {
  DEVNET_CHAIN_IDS,
  type EvmDevnet,
  type EvmDevnetChain,
  type StartEvmDevnetOptions,
  startEvmDevnet,
} from './evm/devnet.js'
export {
  artifacts,
  type CollectibleFixture,
  deployEvmFixtures,
  type EvmFixtures,
  getEvmFixtures,
  MULTICALL3_ADDRESS,
  type TokenFixture,
} from './evm/fixtures.js'
export * from './polkadot/index.js'
export { getFreePort } from './ports.js'
export {
  DEVNET_SERVICES,
  type DevnetService,
  type EvmServiceInfo,
  evmService,
  type ServiceInfo,
  type ServiceStartOptions,
} from './services.js'
export * from './solana/index.js'
export { type DevnetState, getStateDir, getStateFile, readDevnetState } from './state.js'
export * from './walletconnect/index.js'
