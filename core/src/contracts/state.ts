import type { AccountState } from './account.js'
import type { TransactionOutcome } from './adapter.js'
import type { BackgroundConnection } from './connections.js'
import type { Connector } from './connector.js'
import type { CaipNetworkId, ChainNamespace, Network } from './network.js'
import type { PaymentSession } from './pay.js'
import type { PendingSend } from './send.js'
import type { ViewName } from './views.js'

/** SPEC §3 Modal state. */
export interface ModalState {
  open: boolean
  loading: boolean
  loadingByNamespace: Readonly<Partial<Record<ChainNamespace, boolean>>>
  shake: boolean
  namespace: ChainNamespace | undefined
}

export interface RouterEntry {
  view: ViewName
  data: unknown
}

export interface RouterState {
  view: ViewName
  data: unknown
  /** The view stack, bottom first; the last entry is the current view. */
  history: readonly RouterEntry[]
}

export interface NetworkState {
  /** Every configured network, across namespaces. */
  all: readonly Network[]
  /** The active network per namespace. */
  active: Readonly<Partial<Record<ChainNamespace, CaipNetworkId>>>
  /** True for a namespace whose wallet sits on a chain not in the configured networks (SPEC §4). */
  unsupported: Readonly<Partial<Record<ChainNamespace, boolean>>>
}

/** An alert (SPEC §8) shown to the visitor. */
export interface AlertState {
  code: string
  shortMessage: string
  longMessage: string
  severity: 'error' | 'warning' | 'info'
}

/** Kinds of wallet request a host starts through the instance. */
export type HostRequestKind =
  | 'signMessage'
  | 'sendTransaction'
  | 'signTypedData'
  | 'signTransaction'
  | 'sendCalls'

/**
 * A wallet request a host started through the instance (`portico.signMessage`,
 * `useSignMessage`…), one entry per request id so concurrent requests never
 * overwrite each other. `pending` while the wallet is asked; the entry stays
 * after it settles until `portico.clearRequest(id)`.
 */
export interface HostRequestState {
  id: string
  kind: HostRequestKind
  namespace: ChainNamespace
  status: 'pending' | 'success' | 'rejected' | 'error'
  /** signMessage: the message (text, or the bytes). */
  message?: string | Uint8Array
  /** sendTransaction / signTransaction: the namespace's request object. */
  request?: unknown
  /** signTypedData: the typed data. */
  typedData?: unknown
  /** The signature / hash once `success`. */
  result?: string
  /** The typed error once `rejected` (user rejection) or `error`. */
  error?: unknown
  /** Epoch ms the current attempt started. */
  startedAt: number
}

/**
 * The one immutable snapshot of an instance. Updates replace the changed
 * objects (structural sharing), so selectors can compare by reference.
 */
export interface PorticoState {
  /** The payment the Pay view shows (`portico.pay`), until it is paid and closed or given up. */
  payment?: PaymentSession
  modal: ModalState
  router: RouterState
  activeNamespace: ChainNamespace | undefined
  accounts: Readonly<Partial<Record<ChainNamespace, AccountState>>>
  /**
   * Wallets kept connected behind each namespace's current one (several
   * wallets within a namespace), oldest first. `portico.getConnections()` lists
   * them with the current ones.
   */
  backgroundConnections?: readonly BackgroundConnection[]
  networks: NetworkState
  connectors: readonly Connector[]
  recentConnectorId: string | undefined
  alert: AlertState | undefined
  themeMode: 'light' | 'dark' | 'system'
  embedded: boolean
  /** Host-started wallet requests by id (see `HostRequestState`). */
  requests: Readonly<Record<string, HostRequestState>>
  /** Sends made through `portico.send` that were being followed until included, newest first (see `PendingSend`). */
  pendingSends?: readonly PendingSend[]
  /**
   * Where each transaction the instance follows stands, by hash (newest 50):
   * every `sendTransaction` / `send` made through it, and any hash handed to
   * `portico.waitForTransaction`. Updated on each of the adapter's reports
   * (Bitcoin: in the mempool, then confirmations) and at the outcome.
   */
  outcomes?: Readonly<Record<string, TransactionOutcome>>
}
