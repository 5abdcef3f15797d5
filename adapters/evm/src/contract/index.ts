import type { CaipNetworkId } from '@portico/core'

/**
 * An EVM transaction request (`eth_sendTransaction` fields). `caipNetworkId`
 * asks the wallet to be on that chain first (switching when it is not).
 */
export interface EvmTransactionRequest {
  to?: string
  value?: bigint
  data?: string
  from?: string
  gas?: bigint
  /** EIP-1559 fee fields; left out, the adapter sets them as `estimateFee` priced them. */
  maxFeePerGas?: bigint
  maxPriorityFeePerGas?: bigint
  /** Legacy gas price, for chains without a base fee. */
  gasPrice?: bigint
  caipNetworkId?: CaipNetworkId
  /**
   * From a smart account: `false` pays the gas from the account itself
   * instead of asking the gateway's paymaster to sponsor it.
   */
  sponsored?: boolean
}

declare module '@portico/core' {
  interface TransactionRequests {
    eip155: EvmTransactionRequest
  }
}

export { EVM_CHANNEL, EVM_REQUEST_METHODS } from './methods.js'
