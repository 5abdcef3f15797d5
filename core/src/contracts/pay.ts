import type { PorticoError } from '../errors/base.js'
import type { CaipNetworkId, ChainNamespace } from './network.js'

/**
 * What a payment moves: the network's native currency (`'native'`) or a
 * fungible token, named by its address in the chain's native form (an ERC-20
 * contract, an SPL mint, a Cosmos denom) with its symbol and decimals.
 */
export type PayAsset = 'native' | { token: string; symbol: string; decimals: number }

/**
 * A site's request to be paid (`portico.pay`): who receives, how much (decimal
 * text in the asset's display units, e.g. `"12.5"`), what, on which network
 * (CAIP-2, one of the configured networks), and an optional `reference` the
 * site's back end knows the order by (1–128 printable characters).
 */
export interface PayParams {
  recipient: string
  amount: string
  asset: PayAsset
  network: CaipNetworkId
  reference?: string
}

/** Where a payment stands, as the Pay view shows it (`state.payment.status`). */
export type PaymentStatus =
  /** Shown, waiting for the visitor (or for a wallet to be connected). */
  | 'review'
  /** Checking the network and the balance before the wallet is asked. */
  | 'checking'
  /** The wallet is asked to send. */
  | 'sending'
  /** Sent: following the transaction to its outcome on the chain. */
  | 'following'
  /** The chain included it and it succeeded: the call resolved with `hash`. */
  | 'succeeded'
  /** The last attempt did not pay (`error` says why); Try again starts another. */
  | 'failed'

/** The payment the Pay view shows (`state.payment`), checked and in the chain's units. */
export interface PaymentSession {
  /** A local id of this request (not the gateway's). */
  id: string
  request: PayParams
  namespace: ChainNamespace
  /** The network's name, for the view. */
  networkName: string
  /** The asset resolved: the native currency's symbol and decimals filled in. */
  asset: { token?: string; symbol: string; decimals: number }
  /** The amount in integer units of `asset`. */
  units: bigint
  /** Who asks: the page's origin (what the browser says) and the name the site gives itself (`metadata.name`). */
  requester: { origin: string | undefined; name: string | undefined }
  status: PaymentStatus
  /** Why the last attempt did not pay (typed: declined, insufficient funds, wrong network, failed). */
  error?: PorticoError
  /** The transaction of the current (or last) attempt. */
  hash?: string
  /** That transaction's explorer page, when the network has an explorer. */
  explorerUrl?: string
  /** The exchange page a provider returned, for the visitor to open (`payWithExchange`). */
  exchange?: { id: string; name: string; url: string }
}

/**
 * How an exchange provider starts paying: a page of the exchange to open (the
 * visitor logs in and approves there; the site's back end learns the outcome
 * from the gateway), or a transaction the exchange already sent (followed on
 * the chain like the wallet's own).
 */
export type PayExchangeStart = { kind: 'redirect'; url: string } | { kind: 'sent'; hash: string }

/**
 * "Pay from an exchange": a provider the site configures
 * (`createPortico({ pay: { exchanges: [...] } })`); none is on by default.
 * Like the onramp's providers, each says which payments it can take and
 * starts one; it never decides the outcome — the chain does.
 */
export interface PayExchangeProvider {
  /** Stable id (`coinbase`, `binance`, `sandbox`). */
  id: string
  /** Shown as "Pay from {name}" (rendered as text). */
  name: string
  /** Whether it can pay this payment (its network and asset). */
  supports(payment: PaymentSession): boolean
  start(params: { payment: PaymentSession; signal?: AbortSignal }): Promise<PayExchangeStart>
}

/**
 * The Pay view's actions on the shown payment (`portico.payment`). Each is a
 * no-op when no payment is shown.
 */
export interface PaymentActions {
  /**
   * Pays from the connected wallet: checks the network and the balance, asks
   * the wallet, and follows the transaction. Problems land in
   * `state.payment.error` (never thrown), so the view shows them with Try again.
   */
  confirm(): Promise<void>
  /** The configured exchange providers that can pay the shown payment. */
  exchanges(): readonly PayExchangeProvider[]
  /**
   * Starts paying from exchange `id`: a redirect lands in `state.payment.exchange`
   * (the view offers the link), a sent transaction is followed on the chain.
   * Problems land in `state.payment.error`.
   */
  payWithExchange(id: string): Promise<void>
  /** The visitor gives up: the call rejects (declined, or the last attempt's typed error) and the modal closes. */
  cancel(): void
}

/**
 * The client's side of the gateway's payments (`POST /v1/payments`,
 * `GET /v1/payments/{id}`), behind a small interface so the Pay flow does not
 * depend on one gateway shape. Optional: without it a payment is a plain
 * on-chain transfer, and the site's back end checks it however it likes. The
 * view never trusts the gateway for the outcome: it follows the chain.
 */
export interface PaymentsGateway {
  /**
   * Registers the payment before the wallet is asked (idempotent by
   * `reference`), so the gateway's indexer can match the transfer; resolves
   * the gateway's payment id.
   */
  create(params: PayParams & { payer?: string }): Promise<{ id: string }>
}
