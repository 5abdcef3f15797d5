import type { CaipAddress, CaipNetworkId, ChainNamespace } from './network.js'

/** Events a request channel relays from the remote wallet; payloads are untrusted. */
export type RequestChannelEvent = 'accountsChanged' | 'chainChanged' | 'disconnect'

/**
 * A namespace-scoped pipe to a wallet that a plugin connector holds (a
 * WalletConnect session, an embedded wallet). The adapter of the namespace
 * drives it with its own encoding and validation, exactly as it drives an
 * injected wallet: everything that comes back (results, `accounts()`,
 * `chains()`, event payloads) is untrusted and validated by the adapter.
 *
 * Errors of `request` keep the remote wallet's code (`{ code, message }`), so
 * the adapter maps them like an injected wallet's (4001 rejection, 5001–5003
 * unsupported chain / method…).
 */
export interface RequestChannel {
  readonly namespace: ChainNamespace
  /** Sends one JSON-RPC request to the wallet for `chainId` (which must be one of `chains()`). */
  request<T = unknown>(args: { method: string; params?: unknown; chainId: CaipNetworkId }): Promise<T>
  /** CAIP-10 accounts the session granted, as the peer sent them. */
  accounts(): readonly CaipAddress[]
  /** CAIP-2 chains the session covers, as the peer sent them. */
  chains(): readonly CaipNetworkId[]
  /**
   * Wallet events for this namespace. `accountsChanged` carries the account
   * list (CAIP-10 or chain-native, as the peer sends it), `chainChanged` the
   * chain id, `disconnect` an optional reason. Returns the unsubscribe function.
   */
  on(event: RequestChannelEvent, handler: (payload: unknown) => void): () => void
  /**
   * Issue 30: the key behind this channel owns an ERC-4337 smart account (an
   * embedded wallet). `preferred` is the account type a connect shows first;
   * the wallet signs a user operation itself (`portico_signUserOperation`,
   * showing the calls inside it) rather than a bare hash.
   */
  readonly smartAccountOwner?: { readonly preferred: 'eoa' | 'smartAccount' }
}

/** What an adapter can drive over a request channel; a WalletConnect proposal lists only these. */
export interface ChannelCapabilities {
  readonly methods: readonly string[]
  readonly events: readonly string[]
}

/**
 * The wallet request methods of a namespace a host may send without a
 * confirmation view (`safe`) and those that need the visitor's approval
 * (`unsafe`): SPEC §4's safe / not-safe lists, owned by the adapter.
 */
export interface RequestMethodLists {
  readonly safe: readonly string[]
  readonly unsafe: readonly string[]
}
