/**
 * `@portico/adapter-evm/dev-wallet` — Portico Dev Wallet, a real EIP-1193 /
 * EIP-6963 wallet for development and tests (devnet keys by default).
 */
export { ProviderRpcError } from './errors.js'
export { DEV_WALLET_ICON } from './icon.js'
export {
  createDevWallet,
  createWindowStub,
  DEV_MNEMONIC,
  DevWallet,
  type DevWalletBehaviour,
  type DevWalletNetwork,
  type DevWalletOptions,
  type HeldRequest,
} from './wallet.js'
