/**
 * `@portico/adapter-evm/dev-wallet` — Portico Dev Wallet, a real EIP-1193 /
 * EIP-6963 wallet for development and tests (devnet keys by default). It is
 * the EVM signing core of `@portico/dev-wallets/evm`, re-exported here.
 */
export {
  type ApprovalGate,
  createApprovalGate,
  type DevWalletBehaviour,
  type DevWalletControls,
  type DevWalletTamper,
  type HeldRequest,
} from '@portico/core/dev-wallet'
export {
  createDevWallet,
  createWindowStub,
  DEV_MNEMONIC,
  DEV_WALLET_ICON,
  DevWallet,
  type DevWalletNetwork,
  type DevWalletNetworkInput,
  type DevWalletOptions,
  ProviderRpcError,
} from '@portico/dev-wallets/evm'
