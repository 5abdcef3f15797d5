/**
 * `@portico/devnet/conformance` — the conformance suite every Portico chain
 * adapter runs against its real local node (`describeChainAdapter`), its
 * checks as functions (`conformanceChecks`, for the kit's own tests), the
 * independent message verifiers, and the dev-wallet behaviour switch it
 * drives and the shared test helpers.
 */
export {
  type ApprovalGate,
  createApprovalGate,
  type DevWalletBehaviour,
  type DevWalletControls,
  type DevWalletTamper,
  type HeldRequest,
} from '@portico/core/dev-wallet'
export { createTestContext, type TestContext, until } from '../test-helpers/index.js'
export { type BrokenAdapterKit, useBrokenAdapters } from './broken-adapter.js'
export {
  type Check,
  type CheckResult,
  type ConformanceCheckName,
  conformanceChecks,
  expectSpecificError,
} from './checks/index.js'
export { describeChainAdapter } from './describe-chain-adapter.js'
export { type ConformanceHarness, createConformanceHarness, type Started } from './harness.js'
export type {
  ConformanceChecks,
  ConformanceDevnet,
  ConformanceDevWallet,
  DescribeChainAdapterOptions,
  ErrorClass,
} from './types.js'
export {
  adr036SignDoc,
  verifyBitcoinMessage,
  verifyCosmosAdr036,
  verifyEip155Message,
  verifyMessageIndependently,
  verifyPolkadotMessage,
  verifySolanaMessage,
} from './verifiers/index.js'
