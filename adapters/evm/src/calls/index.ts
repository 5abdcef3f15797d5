export {
  AtomicBatchUnsupportedError,
  type EvmCall,
  type EvmCallCapabilities,
  type EvmCallsStatus,
  InvalidCallsResponseError,
  statusOfOutcome,
  walletCallsStatus,
  walletCapabilities,
  walletSendCalls,
  walletShowCallsStatus,
} from './calls.js'
export { markContractWallets } from './contract-wallets.js'
