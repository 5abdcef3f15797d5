import { ApiError } from '../../http/errors.js'

/**
 * What the chain says a transaction paid one recipient in one asset. Read from the network's own
 * node by the gateway: the browser only names a transaction id, never an amount or a status.
 */
export interface ChainPayment {
  hash: string
  payer: string
  /** Base units the recipient received in the asset (0 when none). */
  paid: bigint
  /** Whether the recipient received something else in this transaction (another token, or the native coin). */
  paidOtherAsset: boolean
  /** Block number (EVM), slot (Solana) or block height (Bitcoin) that holds it. */
  blockNumber: number
  confirmations: number
  /** When its block was made (ms), where the chain says: the time window of non-EVM payments. */
  minedAt?: number
}

/** The state of one transaction on one network, as its node tells it. */
export type ChainRead =
  | { state: 'missing' }
  | { state: 'pending' }
  | { state: 'reverted'; blockNumber: number }
  | { state: 'mined'; payment: ChainPayment }

/** An asset a payment is asked in: `native` or the network's token id, with its symbol and decimals. */
export interface PaymentAsset {
  id: string
  symbol: string
  decimals: number
}

/**
 * One network on which the gateway verifies payments. Each namespace reads its own node
 * (anvil / an EVM RPC, a Solana RPC, an Esplora API) and states its own rule (docs/pay.md).
 */
export interface PaymentNetwork {
  readonly caipNetworkId: string
  readonly namespace: string
  /** The asset named by `native`, a token id or a symbol; undefined when the network does not know it. */
  asset(asset: string): PaymentAsset | undefined
  /** The canonical form of a recipient, or undefined when it is not an address of this network. */
  recipient(value: string): string | undefined
  /** The canonical form of a transaction id, or undefined when it cannot be one on this network. */
  txId(value: string): string | undefined
  /** Whether the node knows the transaction at all (mined or pending): finds a payment on the wrong network. */
  seen(txId: string): Promise<boolean>
  /** Reads the transaction and measures what it paid `recipient` (canonical) in `asset` (an asset id). */
  read(txId: string, recipient: string, asset: string): Promise<ChainRead>
  /**
   * How long before a payment was created a transaction paying it may have been mined, or
   * undefined for no window (EVM: any transaction not already holding a payment).
   */
  readonly windowMs?: number
  /**
   * Transactions to the recipient the chain lists since `since` (ms), for a payment nobody
   * reported; each is verified again with `read`. Undefined where the gateway's history indexer
   * does this (EVM) or the chain offers no listing.
   */
  candidates?(recipient: string, asset: string, since: number): Promise<string[]>
}

/** The read failed (RPC down, malformed answer): 502, and nothing is recorded. */
export const chainUnavailable = (network: string, cause: unknown) =>
  Object.assign(new ApiError(502, 'chain_unavailable', `Could not read ${network}; try again`), { cause })
