import type { BlockchainApi, PorticoState } from '@portico/core'
import type { SwapWallet } from './wallet.js'

export interface SwapControllerOptions {
  api: BlockchainApi | undefined
  wallet: SwapWallet
  getState(): PorticoState
  /** Re-reads the account's balances after a swap. */
  refreshBalance?(): Promise<void>
  slippage?: number
  /** Where failures that do not stop the flow are reported (gas price, balance refresh). */
  onWarning?(message: string, error: unknown): void
}
