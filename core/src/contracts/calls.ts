import type { TransactionOutcome } from './adapter.js'
import type { CaipNetworkId, ChainNamespace } from './network.js'

/** One call of a batch (EIP-5792 `wallet_sendCalls`): the target, the value in the chain's smallest unit, the calldata. */
export interface CallRequest {
  to: string
  value?: bigint
  data?: string
}

/**
 * What the connected wallet can do with a batch of calls on one network
 * (EIP-5792 `wallet_getCapabilities`, v2): `atomic` is `supported` (the calls
 * land together or not at all), `ready` (the wallet can upgrade the account
 * to do so) or `unsupported`; `paymasterService` says the wallet takes an
 * ERC-7677 paymaster (someone else pays the gas).
 */
export interface CallsCapabilities {
  atomic: 'supported' | 'ready' | 'unsupported'
  paymasterService: boolean
}

/**
 * Where a batch stands (EIP-5792 `wallet_getCallsStatus`): `status` is the
 * EIP's code (100 pending, 200 confirmed, 400 dropped off chain, 500 reverted
 * on chain, 600 partly reverted); `outcome` is the chain's own word on the
 * transaction (or user operation) that carried the calls, read from its
 * receipt, when the wallet named one.
 */
export interface CallsStatus {
  id: string
  status: number
  atomic: boolean
  outcome?: TransactionOutcome
}

/** A batch as `portico.sendCalls` sent it: the wallet's batch id and where it went. */
export interface SentCalls {
  id: string
  namespace: ChainNamespace
  caipNetworkId?: CaipNetworkId
}
