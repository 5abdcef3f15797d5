import type {
  CosmosConnectOptions,
  CosmosSignTransactionRequest,
  CosmosSignTransactionResult,
} from '../adapter/types.js'
import type { CosmosTransactionRequest } from '../send/index.js'

/**
 * The cosmos entries of core's per-namespace maps: with this package in the
 * type graph, `portico.sendTransaction({ namespace: 'cosmos', request })`
 * takes a `CosmosTransactionRequest`, `connect` takes the chain ids to enable,
 * and `signTransaction` takes / returns Keplr-style sign docs.
 */
declare module '@portico/core' {
  interface TransactionRequests {
    cosmos: CosmosTransactionRequest
  }
  interface ConnectOptions {
    cosmos: CosmosConnectOptions
  }
  interface SignTransactionRequests {
    cosmos: CosmosSignTransactionRequest
  }
  interface SignTransactionResults {
    cosmos: CosmosSignTransactionResult
  }
}

export { COSMOS_CHANNEL, COSMOS_REQUEST_METHODS } from './methods.js'
