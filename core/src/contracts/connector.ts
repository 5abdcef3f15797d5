import type { AccountRecord } from './account.js'
import type { ConnectResult, TransactionRequest } from './adapter.js'
import type { CaipNetworkId, ChainNamespace } from './network.js'

export type ConnectorType = 'ANNOUNCED' | 'INJECTED' | 'WALLET_CONNECT' | 'AUTH' | 'EXTERNAL'

/**
 * SPEC §3 Connector. `name` and `imageUrl` may come from an untrusted wallet
 * announcement: render them as text / `<img src>` only.
 */
export interface Connector {
  id: string
  type: ConnectorType
  name: string
  chain: ChainNamespace
  /** Chain-specific provider object (EIP-1193 provider, Wallet Standard wallet…). Opaque to core and UI. */
  provider?: unknown
  imageId?: string
  /** A `data:image/…` URI or an https URL configured by the integrator. */
  imageUrl?: string
  explorerId?: string
  info?: { rdns?: string }
  installed?: boolean
}

/**
 * A connector that a plugin provides (WalletConnect, an embedded wallet…), as
 * opposed to one an adapter discovers. The plugin registers it with
 * `ctx.registerConnector(provider)`; the core then lists `provider.connectors`
 * in `state.connectors` and routes `portico.connect(id)`, `disconnect`,
 * `signMessage`, `sendTransaction` and `switchNetwork` for a namespace
 * connected through it here instead of to the namespace's adapter. Reads
 * (balances, units) still go to the adapter.
 *
 * One connection may span several namespaces (a WalletConnect session covers
 * eip155 and solana at once): `connect` returns one result per approved namespace.
 *
 * @example
 * ctx.registerConnector?.(walletConnectProvider)
 */
export interface ConnectorProvider {
  /** Connector id, e.g. `walletConnect`; equal to `connectors[*].id`. */
  readonly id: string
  /** One entry per namespace the provider can connect (same id, different `chain`). */
  readonly connectors: readonly Connector[]
  /** Resolves when the wallet approved; rejects with a PorticoError (4001 → UserRejectedRequestError). */
  connect(params: {
    connectorId: string
    namespace?: ChainNamespace
    caipNetworkId?: CaipNetworkId
  }): Promise<ConnectorSessionResult>
  /** Restores a persisted connection on load; undefined when there is none (status goes back to disconnected). */
  reconnect?(params: { connectorId: string }): Promise<ConnectorSessionResult | undefined>
  /** Ends the connection (every namespace of it). */
  disconnect(params: { connectorId: string; namespace?: ChainNamespace }): Promise<void>
  getAccounts(params: {
    connectorId: string
    namespace: ChainNamespace
  }): Promise<{ accounts: AccountRecord[]; caipNetworkId?: CaipNetworkId }>
  switchNetwork?(params: { connectorId: string; caipNetworkId: CaipNetworkId }): Promise<void>
  signMessage(params: {
    connectorId: string
    namespace: ChainNamespace
    address: string
    message: string
  }): Promise<string>
  sendTransaction?(params: {
    connectorId: string
    namespace: ChainNamespace
    request: TransactionRequest
  }): Promise<string>
  signTypedData?(params: {
    connectorId: string
    namespace: ChainNamespace
    address: string
    typedData: unknown
  }): Promise<string>
  /** Connection events, per namespace; returns the unsubscribe function. */
  on<E extends keyof ConnectorProviderEvents>(
    event: E,
    handler: (payload: ConnectorProviderEvents[E]) => void,
  ): () => void
}

/** What a plugin connector's `connect` / `reconnect` resolve: one result per approved namespace. */
export interface ConnectorSessionResult {
  sessions: Partial<Record<ChainNamespace, ConnectResult>>
}

/** Events of a `ConnectorProvider`. `disconnect` without a namespace ends every namespace of the connection. */
export interface ConnectorProviderEvents {
  accountsChanged: { namespace: ChainNamespace; accounts: AccountRecord[] }
  chainChanged: { namespace: ChainNamespace; caipNetworkId: CaipNetworkId }
  disconnect: { namespace?: ChainNamespace; reason?: string }
}
