/**
 * The signer's key code for tests in Node (the embedded-wallet plugin's
 * channel tests, the gateway's recovery tests): the same modules the frame
 * runs, without the page around them. Not for production use: a key here
 * lives in the test's memory, not in the frame's origin.
 */
export { bitcoinKeys } from '../bitcoin/index.js'
export {
  type ChainKeys,
  type ChainRequest,
  type ChainType,
  ChainWireError,
  deriveChainSeed,
} from '../chain-keys.js'
export { cosmosKeys } from '../cosmos/index.js'
export { createWallet, reassemble } from '../keys.js'
export { polkadotKeys } from '../polkadot/index.js'
export {
  type DerivedRecovery,
  deriveRecovery,
  openRecovery,
  parseRecoveryKdf,
  passphraseProblem,
  RECOVERY_ITERATIONS,
  type RecoveryKdf,
  sealRecovery,
  WrongPassphraseError,
} from '../recovery.js'
export { signUserOperation, type UserOperationFrameDeps } from '../user-operation/index.js'
export { loadChainKeys } from './chain-modules.js'
