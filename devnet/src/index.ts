/**
 * @portico/devnet — the local world for Portico's demo and tests: two anvil
 * nodes with deterministic fixtures, the local SVM, a Bitcoin regtest node, and the `portico-devnet` CLI.
 */

export * from './bitcoin/index.js'
export { devnetStart, devnetStatus, devnetStop } from './cli.js'
export * from './cosmos/index.js'
export * from './evm/aa/index.js'
export { ANVIL_MNEMONIC, type DevAccount, getDevAccounts } from './evm/accounts.js'
export { type AnvilProcess, resolveAnvilBinary, startAnvil } from './evm/anvil.js'
export {
  DEVNET_CHAIN_IDS,
  type EvmDevnet,
  type EvmDevnetChain,
  type StartEvmDevnetOptions,
  startEvmDevnet,
} from './evm/devnet.js'
export {
  DEX_DEPLOYER_KEY,
  type DexFixtures,
  type DexPoolFixture,
  deployDex,
  getDexFixtures,
  uniswapArtifacts,
} from './evm/dex.js'
export {
  ENS_ALICE_ADDRESS,
  ENS_DEPLOYER_KEY,
  ENS_UNIVERSAL_RESOLVER_ADDRESS,
  type EnsFixture,
  ensResolverArtifact,
  getEnsFixture,
  installEnsFixture,
} from './evm/ens.js'
export {
  artifacts,
  type CollectibleFixture,
  deployEvmFixtures,
  type EvmFixtures,
  getEvmFixtures,
  MULTICALL3_ADDRESS,
  type MultiTokenFixture,
  type TokenFixture,
} from './evm/fixtures.js'
export {
  OP_STACK_DEVNET_CHAIN_ID,
  OP_STACK_DEVNET_L1_FEES,
  OP_STACK_GAS_PRICE_ORACLE,
  type OpStackDevnet,
  type OpStackL1Fees,
  startOpStackDevnet,
} from './evm/op-stack.js'
export {
  installSmartAccountFactory,
  SMART_ACCOUNT_FACTORY_ADDRESS,
  smartAccountArtifacts,
} from './evm/smart-account.js'
export * from './exchange/index.js'
export * from './farcaster/index.js'
export * from './oidc/index.js'
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
export * from './smtp/index.js'
export * from './solana/index.js'
export { type DevnetState, getStateDir, getStateFile, readDevnetState } from './state.js'
export * from './walletconnect/index.js'
