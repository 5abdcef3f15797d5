export type { DevWcBitcoinKey } from './bip122.js'
export type { DevWcCosmosKey } from './cosmos.js'
export { sessionError, userRejection, WalletError } from './errors.js'
export type { DevWcPolkadotKey } from './polkadot.js'
export type { DevWcSolanaKey } from './solana.js'
export {
  ANVIL_DEFAULT_PRIVATE_KEY,
  createDevWcWallet,
  type DevWcRequestLog,
  type DevWcWallet,
  type DevWcWalletOptions,
} from './wallet.js'
