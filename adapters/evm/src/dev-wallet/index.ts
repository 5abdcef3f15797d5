/**
 * `@portico/adapter-evm/dev-wallet` — Portico Dev Wallet, a real EIP-1193 /
 * EIP-6963 wallet for development and tests (devnet keys by default).
 */
export {
  type ApprovalGate,
  createApprovalGate,
  type DevWalletBehaviour,
  type DevWalletControls,
  type DevWalletTamper,
  type HeldRequest,
} from '@portico/core/dev-wallet'
export { createWindowStub } from './eip6963.js'
export { ProviderRpcError } from './errors.js'
export { DEV_WALLET_ICON } from './icon.js'
export { DEV_MNEMONIC } from './keys.js'
export type { DevWalletNetwork, DevWalletNetworkInput } from './networks.js'
export { createDevWallet, DevWallet, type DevWalletOptions } from './wallet.js'
