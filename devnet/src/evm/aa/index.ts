export { toDevnetSimpleAccount } from './account.js'
export {
  BUNDLER_EXECUTOR_KEY,
  BUNDLER_UTILITY_KEY,
  type BundlerProcess,
  resolveAltoCli,
  type StartBundlerOptions,
  startBundler,
  stopBundler,
} from './bundler.js'
export {
  AA_SALT,
  type AaArtifact,
  aaArtifacts,
  CREATE2_DEPLOYER,
  ENTRY_POINT_V07_ADDRESS,
  ENTRY_POINT_V07_SALT,
} from './contracts.js'
export {
  AA_DEPLOYER_KEY,
  type AaFixtures,
  deployAccountAbstraction,
  getAaFixtures,
  PAYMASTER_SIGNER_KEY,
} from './deploy.js'
export { type BundlerServiceInfo, bundlerService } from './service.js'
