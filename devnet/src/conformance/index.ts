/**
 * `@portico/devnet/conformance` — the conformance suite every Portico chain
 * adapter runs against its real local node (`describeChainAdapter`), with the
 * dev-wallet behaviour switch it drives and the shared test helpers.
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
export {
  type ConformanceDevnet,
  type ConformanceDevWallet,
  type DescribeChainAdapterOptions,
  describeChainAdapter,
} from './describe-chain-adapter.js'
