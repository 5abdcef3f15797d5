import type { AccountReserve, FeeEstimate, TransactionFailureReason, TransactionOutcome } from './adapter.js'
import type { CaipNetworkId, ChainNamespace } from './network.js'
import type { TransactionRequestOf } from './requests.js'

/**
 * What Send moves: the native currency (`token` absent) or a fungible token
 * (`token` = its address in the chain's native form). A `Balance` or a
 * `TokenHolding` from the account's balances fits as is; `value`, when given,
 * is the balance the amount is checked against.
 */
export interface SendToken {
  token?: string
  decimals: number
  symbol: string
  value?: bigint
  /**
   * Set when Send moves an NFT: `token` is the collection's contract, the
   * amount is whole items (`decimals` 0; always 1 for ERC-721) and `value`
   * the items held. Only adapters that build NFT transfers accept it (EVM);
   * the others refuse with `MethodNotSupportedError`.
   */
  nft?: SendNft
}

/** The NFT a `SendToken` names: its standard and token id (decimal text, as the gateway lists it). */
export interface SendNft {
  standard: 'erc721' | 'erc1155'
  tokenId: string
}

/** A transfer as the visitor fills it in: token, amount in display units, receiver. */
export interface SendParams {
  token: SendToken | undefined
  /** Decimal text in the token's display units, e.g. `"1.5"`. */
  amount: string
  to: string
  /** Default: the active namespace. */
  namespace?: ChainNamespace
  /**
   * `false`: the account pays its own gas instead of the site's paymaster
   * (a smart account whose sponsorship was refused). Default: the adapter's.
   */
  sponsored?: boolean
}

/** A checked transfer, priced, ready to send (`prepareSend`). */
export interface PreparedSend {
  namespace: ChainNamespace
  caipNetworkId: CaipNetworkId
  from: string
  to: string
  token: SendToken
  /** Integer units of `token`. */
  amount: bigint
  /** The namespace's transaction request the wallet will be asked to send. */
  request: TransactionRequestOf
  /**
   * The fee the chain would charge, in the native currency; absent when it
   * could not be estimated. `fee.accountDeposit` is the part that opens the
   * receiver's account (Solana token-account rent), shown labelled.
   */
  fee?: FeeEstimate
  /** Why the fee could not be estimated (the adapter lacks it, or the node refused), shown as is. */
  feeError?: Error
  /**
   * What the account must keep on the chain after this send (the adapter's
   * `getReserve`: rent-exempt minimum, existential deposit…), already taken
   * into the balance check; its `reason` is shown beside the amount.
   */
  reserve?: AccountReserve
}

/** A name Send's receiver field resolved: the name as the resolver spells it and the address it points at. */
export interface ResolvedName {
  name: string
  address: string
  /** Which resolver answered (e.g. `'names'` for the gateway registry), for the visitor's "resolved by". */
  source: string
}

/**
 * A plugin's name lookup (`ctx.registerNameResolver`). Answers `undefined`
 * when the name is not one it handles (another zone, another namespace), so
 * the next resolver is asked; throws `NameNotFoundError` when it handles the
 * name but no address is registered, or the failure (network, gateway) as is.
 */
export type NameResolver = (params: {
  name: string
  namespace: ChainNamespace
  signal?: AbortSignal
}) => Promise<ResolvedName | undefined>

/**
 * A send core made and is following to its outcome (`state.pendingSends`):
 * Activity shows it before the gateway's history lists it. `status` is the
 * adapter's `TransactionOutcome` in the history's words: `pending` until the
 * chain settles it (and after a time-out: still pending), then `confirmed`
 * (included and succeeded), `failed` (included and failed: `reason`) or
 * `dropped` (never included, or replaced: `outcome.replacedBy`). The newest
 * 20 are kept.
 */
export interface PendingSend {
  hash: string
  namespace: ChainNamespace
  caipNetworkId: CaipNetworkId
  from: string
  to: string
  /** Integer units of `symbol`. */
  amount: bigint
  symbol: string
  decimals: number
  /** ISO time the wallet returned the hash. */
  sentAt: string
  status: 'pending' | 'confirmed' | 'failed' | 'dropped'
  /** The latest outcome the adapter reported (`pending` with `stage: 'mempool'`, confirmations…). */
  outcome?: TransactionOutcome
  /**
   * Why it failed, in the chain's words (`failed`); or, `dropped`, why it
   * never made it (`message` only). Also set when following it broke (the node
   * could not be asked): then `status` stays `pending`, as nothing is known.
   */
  reason?: TransactionFailureReason
  /** The transaction's page on the network's explorer, when the network has one. */
  explorerUrl?: string
}
