/**
 * @portico/dev-wallets/evm — the one EVM signing core every dev surface uses:
 * the injected EIP-1193 / EIP-6963 dev wallet (`@portico/adapter-evm/dev-wallet`),
 * the WalletConnect dev wallet's eip155 namespace and the EVM personalities.
 * Keys (the devnet mnemonic by default), personal_sign / EIP-712 / transaction
 * signing with viem accounts, chain bookkeeping, EIP-1193 errors. Browser-safe.
 */
export { type CallsChains, DEV_BATCH_EXECUTOR, EIP5792_ERRORS, WalletCalls } from './calls.js'
export { announceProvider, createWindowStub, randomUuid } from './eip6963.js'
export {
  internalError,
  invalidParams,
  ProviderRpcError,
  requestPending,
  unauthorized,
  unrecognizedChain,
  unsupportedMethod,
  userRejected,
} from './errors.js'
export { DEV_WALLET_ICON } from './icon.js'
export { DEV_MNEMONIC, KeyRing } from './keys.js'
export { type DevWalletNetwork, type DevWalletNetworkInput, WalletNetworks } from './networks.js'
export { personalSign, sendTransaction, signTypedDataV4 } from './signing.js'
export type { Eip1193Provider, Eip6963ProviderInfo, Eip6963Target } from './types.js'
export {
  createDevWallet,
  DevWallet,
  type DevWalletOptions,
  type EvmWalletDialect,
} from './wallet.js'
