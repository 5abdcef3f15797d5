import type { ConnectedWalletInfo } from './account.js'
import type { ConnectionChange, ConnectionId } from './connections.js'
import type { CaipNetworkId, ChainNamespace } from './network.js'
import type { AppMetadata } from './portico.js'
import type { ViewName } from './views.js'

/**
 * Typed event map of the bus (mitt). Plugins add their own events by
 * declaration merging:
 *
 * ```ts
 * declare module '@portico/core' {
 *   interface PorticoEventMap { HELLO_CLICKED: { at: number } }
 * }
 * ```
 */
export interface PorticoEventMap {
  MODAL_CREATED: { at: number }
  MODAL_OPEN: { connected: boolean }
  MODAL_CLOSE: { connected: boolean }
  CONNECT_SUCCESS: {
    namespace: ChainNamespace
    connectorId: string
    address: string
    caipNetworkId: CaipNetworkId
    connectionId?: ConnectionId
  }
  CONNECT_ERROR: { namespace: ChainNamespace; connectorId: string; error: unknown }
  /** `connectionId`: the connection that ended (absent only when nothing was connected). */
  DISCONNECT_SUCCESS: { namespace: ChainNamespace; connectionId?: ConnectionId }
  DISCONNECT_ERROR: { namespace: ChainNamespace; error: unknown }
  SWITCH_NETWORK: { namespace: ChainNamespace; caipNetworkId: CaipNetworkId }
  ROUTER_CHANGE: { view: ViewName; previous: ViewName | undefined; data: unknown }
  /** `connectionId`: the connection whose account changed (a background one too). */
  ACCOUNT_CHANGED: { namespace: ChainNamespace; address: string | undefined; connectionId?: ConnectionId }
  /**
   * A wallet connection changed: connected, made active, its account or
   * network changed, or it ended (from the page or the wallet). Says which one.
   */
  CONNECTION_CHANGED: {
    change: ConnectionChange
    connectionId: ConnectionId
    namespace: ChainNamespace
    connectorId: string
    wallet: ConnectedWalletInfo | undefined
    address: string | undefined
    /** The active connection after the change (none when nothing is connected). */
    activeConnectionId: ConnectionId | undefined
  }
  ERROR: { error: unknown; event: string }
  /** SPEC §2 Farcaster back rule: the auth connector (embedded wallet plugin) should reload. */
  AUTH_CONNECTOR_RELOAD: { reason: 'farcaster-back' }
  /** SPEC §2 Farcaster back rule: resync app metadata with the auth connector (100 ms after going back). */
  APP_METADATA_SYNC: { metadata: AppMetadata | undefined }
  /** The visitor should see an alert (SPEC §8); also stored in `state.alert`. */
  ALERT: { code: string; shortMessage: string; longMessage: string }
}

export type PorticoEventName = keyof PorticoEventMap
export type PorticoEventHandler<E extends PorticoEventName> = (payload: PorticoEventMap[E]) => void

/** The bus as handed to adapters and plugins. */
export interface EventBus {
  on<E extends PorticoEventName>(event: E, handler: PorticoEventHandler<E>): void
  off<E extends PorticoEventName>(event: E, handler: PorticoEventHandler<E>): void
  emit<E extends PorticoEventName>(event: E, payload: PorticoEventMap[E]): void
}
