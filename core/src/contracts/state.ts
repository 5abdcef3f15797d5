import type { AccountState } from './account.js'
import type { Connector } from './connector.js'
import type { CaipNetworkId, ChainNamespace, Network } from './network.js'
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

/**
 * The one immutable snapshot of an instance. Updates replace the changed
 * objects (structural sharing), so selectors can compare by reference.
 */
export interface PorticoState {
  modal: ModalState
  router: RouterState
  activeNamespace: ChainNamespace | undefined
  accounts: Readonly<Partial<Record<ChainNamespace, AccountState>>>
  networks: NetworkState
  connectors: readonly Connector[]
  recentConnectorId: string | undefined
  alert: AlertState | undefined
  themeMode: 'light' | 'dark' | 'system'
  embedded: boolean
}
