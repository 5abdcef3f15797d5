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
  caipNetworkId?: CaipNetworkId
}

declare module '@portico/core' {
  interface TransactionRequests {
    eip155: EvmTransactionRequest
  }
}

export { EVM_CHANNEL, EVM_REQUEST_METHODS } from './methods.js'
