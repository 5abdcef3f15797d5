/**
 * @portico/core/dev-wallet — what every Portico dev wallet shares: the
 * approve / reject / hold behaviour switch tests and the conformance kit use to
 * drive any wallet the same way. Test tooling only; not part of the modal.
 */
export {
  type ApprovalGate,
  createApprovalGate,
  type DevWalletBehaviour,
  type DevWalletControls,
  type DevWalletTamper,
  type HeldRequest,
} from './approval.js'
