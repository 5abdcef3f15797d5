import type { AccountRecord, ConnectedWalletInfo } from './account.js'
import type { CaipNetworkId, ChainNamespace } from './network.js'

/**
 * A connection's id: `<namespace>:<connectorId>` (e.g. `eip155:io.metamask`).
 * One connector holds at most one connection per namespace.
 */
export type ConnectionId = `${ChainNamespace}:${string}`

/**
 * A wallet connected in the background: a namespace keeps one current
 * connection (`state.accounts[namespace]`) and may keep others, each made
 * current again with `portico.switchConnection` without reconnecting.
 */
export interface BackgroundConnection {
  id: ConnectionId
  namespace: ChainNamespace
  connectorId: string
  address: string
  caipNetworkId: CaipNetworkId
  allAccounts: readonly AccountRecord[]
  wallet?: ConnectedWalletInfo
}

/** One wallet connection as the host and Account see it (`portico.getConnections()`). */
export interface WalletConnection extends BackgroundConnection {
  /** The namespace's current connection (the one `state.accounts[namespace]` shows). */
  current: boolean
  /** The current connection of the active namespace: the one the button shows and requests go to. */
  active: boolean
}

/** What changed about a connection (`CONNECTION_CHANGED`). */
export type ConnectionChange = 'connected' | 'activated' | 'account' | 'network' | 'disconnected'
