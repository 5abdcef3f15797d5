import type { ConnectedWalletInfo } from './account.js'
import type { RequestChannel } from './channel.js'
import type { CaipNetworkId, ChainNamespace } from './network.js'

export type ConnectorType = 'ANNOUNCED' | 'INJECTED' | 'WALLET_CONNECT' | 'AUTH' | 'EXTERNAL'

/**
 * SPEC §3 Connector. `name` and `imageUrl` may come from an untrusted wallet
 * announcement: render them as text / `<img src>` only.
 *
 * `id` is stable across reloads and cannot be taken over by a wallet choosing
 * a name: EIP-6963 wallets are keyed by rdns (the first provider per rdns
 * wins), Wallet Standard wallets by name + icon digest (the first wins on a
 * collision). Core restores a recent connection only under the same id.
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
  /**
   * Set when another wallet announced itself under this connector's identity
   * (same rdns, same name + icon) and was ignored: the text says what was
   * seen, for logs and a warning in the UI. The connector still uses the first
   * wallet's provider.
   */
  conflict?: string
}

/** One namespace a plugin connector should ask the wallet for: what the installed adapter can drive there. */
export interface ChannelNamespaceRequest {
  namespace: ChainNamespace
  /** CAIP-2 ids of the configured networks of the namespace, the preferred one first. */
  chains: readonly CaipNetworkId[]
  /** The adapter's `channel.methods`. */
  methods: readonly string[]
  /** The adapter's `channel.events`. */
  events: readonly string[]
}

/**
 * What a plugin connector's `connect` / `reconnect` resolve: one request
 * channel per namespace the wallet approved, and the wallet's own name / icon
 * (e.g. WalletConnect peer metadata, validated and sanitized by the plugin).
 */
export interface ConnectorSession {
  channels: Partial<Record<ChainNamespace, RequestChannel>>
  wallet?: ConnectedWalletInfo
}

/**
 * A connector that a plugin provides (WalletConnect, an embedded wallet…), as
 * opposed to one an adapter discovers. The plugin registers it with
 * `ctx.registerConnector(provider)`; the core lists `provider.connectors` in
 * `state.connectors`. The provider only opens and closes the session: core
 * hands each approved namespace's `RequestChannel` to that namespace's
 * adapter (`adapter.connect({ connectorId, channel })`), and from then on
 * signs, sends, switches and reads events through the adapter, so the chain's
 * encoding and validation live in one place.
 *
 * One connection may span several namespaces (a WalletConnect session covers
 * eip155 and solana at once).
 *
 * @example
 * ctx.registerConnector?.(walletConnectProvider)
 */
export interface ConnectorProvider {
  /** Connector id, e.g. `walletConnect`; equal to `connectors[*].id`. */
  readonly id: string
  /** One entry per namespace the provider can connect (same id, different `chain`). */
  readonly connectors: readonly Connector[]
  /**
   * Opens a session for `namespaces` (only namespaces with an installed
   * adapter that supports channels, with the adapter's methods and events).
   * Resolves when the wallet approved; rejects with a PorticoError
   * (4001 → UserRejectedRequestError).
   */
  connect(params: {
    connectorId: string
    /** The namespace the visitor picked; it becomes active. */
    namespace?: ChainNamespace
    caipNetworkId?: CaipNetworkId
    namespaces: readonly ChannelNamespaceRequest[]
  }): Promise<ConnectorSession>
  /** Restores a persisted session on load; undefined when there is none. */
  reconnect?(params: {
    connectorId: string
    namespaces: readonly ChannelNamespaceRequest[]
  }): Promise<ConnectorSession | undefined>
  /** Ends the session (every namespace of it). */
  disconnect(params: { connectorId: string }): Promise<void>
  /** The session ended on the wallet's side (or expired); core resets every namespace of it. */
  on(event: 'disconnect', handler: (payload: { reason?: string }) => void): () => void
}
