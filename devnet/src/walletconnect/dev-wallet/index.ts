export { sessionError, WalletError } from './errors.js'
export type { DevWcSolanaKey } from './solana.js'
export {
  ANVIL_DEFAULT_PRIVATE_KEY,
  createDevWcWallet,
  type DevWcRequestLog,
  type DevWcWallet,
  type DevWcWalletOptions,
} from './wallet.js'
