import type { SiwxController, SiwxOptions } from '../siwx/types.js'
import type { AccountReserve, ChainAdapter, SignedMessage, TransactionOutcome } from './adapter.js'
import type {
  HistoryResponse,
  NftsResponse,
  RecommendedWallet,
  SessionListResponse,
  SessionResponse,
} from './api.js'
import type { CallRequest, CallsCapabilities, CallsStatus, SentCalls } from './calls.js'
import type { ConnectionId, WalletConnection } from './connections.js'
import type { Plugin } from './context.js'
import type { EventBus, PorticoEventHandler, PorticoEventName } from './events.js'
import type { CaipNetworkId, ChainNamespace, Network } from './network.js'
import type { PayExchangeProvider, PaymentActions, PaymentsGateway, PayParams } from './pay.js'
import type {
  AnyTransactionRequest,
  ConnectOptionsOf,
  SignMessageOptionsOf,
  SignTransactionRequestOf,
  SignTransactionResultOf,
} from './requests.js'
import type { PreparedSend, ResolvedName, SendParams, SendToken } from './send.js'
import type { Logger, PorticoStorage } from './services.js'
import type { PorticoState, RouterState } from './state.js'
import type { AccountAction, ViewLoader, ViewName, Views } from './views.js'

export interface AppMetadata {
  name: string
  description?: string
  url: string
  icons?: string[]
}

/** Options of `createPortico`. Everything hosted is off unless a URL is given. */
export interface PorticoOptions {
  adapters?: ChainAdapter[]
  plugins?: Plugin[]
  /** Networks to offer; defaults to the union of the adapters' networks. */
  networks?: Network[]
  defaultNetwork?: CaipNetworkId
  /** Project id sent as `projectId` on every API call (a self-hosted gateway accepts `local`). */
  projectId?: string
  /** Base URL of the gateway implementing SPEC §7 (e.g. http://127.0.0.1:8787). Unset → API features off. */
  apiUrl?: string
  /** Base URL of the wallet directory; defaults to `apiUrl`. */
  directoryUrl?: string
  /** Base URL of analytics ingestion; defaults to `apiUrl`. */
  analyticsUrl?: string
  metadata?: AppMetadata
  features?: {
    analytics?: boolean
    email?: boolean
    socials?: readonly string[] | false
  }
  /** 'local' (default in a browser), 'memory' (default under SSR), 'cookie', or a custom storage. */
  storage?: 'local' | 'memory' | 'cookie' | PorticoStorage
  /**
   * Restore the recent connection when the instance is created (default true).
   * Set it to false for an instance that renders on the server: no wallet can
   * answer there, so the state stays as the storage says (`reconnecting` with
   * the last account) — what the browser's instance draws first, then restores.
   */
  reconnectOnLoad?: boolean
  /** Embedded mode: the modal is never hidden (SPEC §2). */
  embedded?: boolean
  /** Manual WalletConnect control (SPEC §2 open rules). */
  manualWCControl?: boolean
  themeMode?: 'light' | 'dark' | 'system'
  /** Overrides the platform check used by the open rules (mobile → AllWallets). */
  isMobile?: () => boolean
  /** Prefix of every storage key (default `portico`); keys look like `portico:recentConnectors`. */
  storagePrefix?: string
  /** Where the core logs; defaults to `console` (debug off). A redacted copy is kept for `getLogs()`. */
  logger?: Logger
  /**
   * Exact strings the diagnostics log never keeps (API keys, tokens the host
   * logs on purpose); the projectId is added on its own. Shapes such as
   * private keys, signatures, mnemonics and bearer tokens are cut anyway.
   */
  logSecrets?: readonly string[]
  /** Sign-in with a CAIP-122 message after connect, verified by the gateway at `apiUrl` (`portico.siwx`). */
  siwx?: SiwxOptions
  /** Pay (`portico.pay`): the gateway's payments client, when payments are registered there (see `PaymentsGateway`). */
  pay?: { gateway?: PaymentsGateway; exchanges?: readonly PayExchangeProvider[] }
  /** sdk type / version sent as st / sv. */
  sdkType?: string
  sdkVersion?: string
}

export interface OpenOptions<V extends ViewName = ViewName> {
  view?: V
  data?: Views[V]
  namespace?: ChainNamespace
}

export interface Router {
  getState(): RouterState
  push<V extends ViewName>(view: V, data?: Views[V]): void
  replace<V extends ViewName>(view: V, data?: Views[V]): void
  reset<V extends ViewName>(view: V, data?: Views[V]): void
  goBack(): void
}

/** A Portico instance. Two instances never share state. */
export interface Portico {
  open<V extends ViewName>(opts?: OpenOptions<V>): Promise<void>
  close(): void
  /**
   * Connects a connector; `options` are the namespace's connect options (bip122 purposes, cosmos chain ids…).
   * Aborting `signal` (a Cancel button) rejects with `RequestAbortedError` and keeps a late approval from connecting.
   */
  connect<N extends ChainNamespace = ChainNamespace>(
    connectorId: string,
    opts?: {
      namespace?: N
      caipNetworkId?: CaipNetworkId
      options?: ConnectOptionsOf<N>
      signal?: AbortSignal
    },
  ): Promise<void>
  /**
   * Connecting a second wallet of a namespace keeps the first one connected in
   * the background and makes the new one active (connecting the namespace's
   * current connector again is refused with `AlreadyConnectedError`, SPEC §4).
   * Disconnects every connection of a namespace, or of all when none is given.
   */
  disconnect(namespace?: ChainNamespace): Promise<void>
  /**
   * Every wallet connection, namespace by namespace: the current one of each,
   * then those kept in the background. `active` marks the one the button
   * shows and requests go to. The same array while nothing changed.
   */
  getConnections(): readonly WalletConnection[]
  /**
   * Makes a connection active without asking the wallet again. Rejects an id
   * that names no connection (`ConnectionNotFoundError`) and a namespace that
   * is connecting or restoring (`ConnectionBusyError`). Emits `CONNECTION_CHANGED`.
   */
  switchConnection(connectionId: ConnectionId): void
  /**
   * Ends one connection (the wallet is told); the others stay. Ending a
   * namespace's current connection makes its newest background one current.
   */
  disconnectConnection(connectionId: ConnectionId): Promise<void>
  /**
   * Shows the connected wallet's account of `type`: its smart account or its
   * owner EOA (SPEC §3 account record type; recorded in
   * `preferredAccountTypes`). Throws `AccountTypeUnavailableError` when the
   * wallet has no account of that type on the network.
   *
   * @example
   * portico.switchAccountType('eoa')
   */
  switchAccountType(type: 'eoa' | 'smartAccount', namespace?: ChainNamespace): void
  switchNetwork(caipNetworkId: CaipNetworkId): Promise<void>
  getState(): PorticoState
  subscribe(listener: (state: PorticoState, previous: PorticoState) => void): () => void
  on<E extends PorticoEventName>(event: E, handler: PorticoEventHandler<E>): void
  off<E extends PorticoEventName>(event: E, handler: PorticoEventHandler<E>): void
  readonly router: Router
  readonly events: EventBus
  /**
   * The diagnostics log (SPEC §3 Log): timestamped lines of what the core
   * logged, about the last 1,024,000 bytes (UTF-8), secrets redacted. The
   * modal's "Download logs" saves it; a host can attach it to a support ticket.
   */
  getLogs(): string
  destroy(): void
  /** Sign-in state and actions; present when `createPortico` got the `siwx` option. */
  readonly siwx?: SiwxController
  /** Settles once every adapter's and plugin's `setup` ran and the recent connector was restored (or not). */
  readonly ready: Promise<void>
  /** The lazy loader a plugin registered for `name` with `ctx.registerView`, if any. */
  getViewLoader(name: ViewName): ViewLoader | undefined
  /** Account actions plugins registered with `ctx.registerAccountAction`, in registration order. */
  getAccountActions(): readonly AccountAction[]
  /** Sets `currentTab` (0 Tokens, 1 NFTs, 2 Activity) of a namespace's account state (default: the active one). */
  setAccountTab(tab: number, namespace?: ChainNamespace): void
  /** Sets `state.themeMode`. */
  setThemeMode(mode: 'light' | 'dark' | 'system'): void
  /**
   * Asks the connected wallet of a namespace (default: active) to sign a
   * message; resolves the signature in the chain's encoding. The request is
   * tracked in `state.requests[requestId]` (an id is generated when none is
   * given; the same id again replaces the entry, e.g. a retry). With no
   * wallet connected in the namespace it rejects with `WalletNotConnectedError`
   * (and, when a `requestId` is given, records that error under it), as do the
   * other wallet requests below.
   */
  signMessage<N extends ChainNamespace = ChainNamespace>(params: {
    message: string | Uint8Array
    namespace?: N
    options?: SignMessageOptionsOf<N>
    requestId?: string
  }): Promise<string>
  /** As `signMessage`, resolving everything the adapter returned (public key, signed bytes). */
  signMessageDetailed<N extends ChainNamespace = ChainNamespace>(params: {
    message: string | Uint8Array
    namespace?: N
    options?: SignMessageOptionsOf<N>
    requestId?: string
  }): Promise<SignedMessage>
  /**
   * Asks the connected wallet of a namespace (default: active) to send a
   * transaction (the namespace's request shape); resolves the hash / id.
   * Tracked in `state.requests` like `signMessage`.
   */
  sendTransaction(params: {
    request: AnyTransactionRequest
    namespace?: ChainNamespace
    caipNetworkId?: CaipNetworkId
    requestId?: string
  }): Promise<string>
  /**
   * Follows a sent transaction to its outcome through the namespace's
   * adapter: resolves `succeeded`, `failed` (with the chain's `reason`),
   * `dropped` (`replacedBy` when another took its place) or, when `timeoutMs`
   * (default: the adapter's own) runs out first, `pending`. A chain-side
   * failure resolves; it rejects only when the chain cannot be asked (typed
   * error), with `MethodNotSupportedError` when the adapter cannot follow
   * transactions, or with the signal's reason when aborted. One wait per hash
   * is shared by every caller (and by the balance re-read); each report lands
   * in `state.outcomes[hash]` and in `onUpdate`. Transactions sent through
   * `sendTransaction` / `send` are followed without asking.
   *
   * @example
   * const hash = await portico.sendTransaction({ request })
   * const outcome = await portico.waitForTransaction({ hash })
   * if (outcome.status === 'failed') console.warn(outcome.reason.message)
   */
  waitForTransaction(params: {
    hash: string
    namespace?: ChainNamespace
    caipNetworkId?: CaipNetworkId
    timeoutMs?: number
    signal?: AbortSignal
    onUpdate?: (outcome: TransactionOutcome) => void
  }): Promise<TransactionOutcome>
  /**
   * EIP-5792 `wallet_getCapabilities` for the connected account of a
   * namespace (default: active) on a network (default: its active one):
   * whether it runs a batch atomically and takes a paymaster. A wallet that
   * does not implement the method answers `atomic: 'unsupported'`;
   * `MethodNotSupportedError` when the adapter has no EIP-5792 at all.
   *
   * @example
   * const { atomic } = await portico.getCallsCapabilities()
   * if (atomic === 'supported') await portico.sendCalls({ calls: [approve, swap] })
   */
  getCallsCapabilities(params?: {
    namespace?: ChainNamespace
    caipNetworkId?: CaipNetworkId
  }): Promise<CallsCapabilities>
  /**
   * EIP-5792 `wallet_sendCalls`: sends the calls as one batch from the
   * connected account; resolves the wallet's batch id. The calls are checked
   * first (1 to 64 calls, each `to` an address of the network, `value` a
   * non-negative bigint, `data` hex): `InvalidCallsError` asks nothing of the
   * wallet. `atomicRequired` (default true) refuses a wallet without atomic
   * support. Tracked in `state.requests` (kind `sendCalls`); the batch is
   * followed and the balances re-read once it ends.
   *
   * @example
   * const { id } = await portico.sendCalls({ calls: [{ to: token, data: approveData }, { to: router, data: swapData }] })
   * const { status, outcome } = await portico.waitForCalls({ id })
   */
  sendCalls(params: {
    calls: readonly CallRequest[]
    namespace?: ChainNamespace
    caipNetworkId?: CaipNetworkId
    atomicRequired?: boolean
    /** A smart account of the adapter: `false` pays the gas itself instead of the gateway's paymaster. */
    sponsored?: boolean
    requestId?: string
  }): Promise<SentCalls>
  /**
   * EIP-5792 `wallet_getCallsStatus` of a batch `sendCalls` returned: the
   * EIP's status code (100 pending, 200 confirmed, 400 dropped, 500 reverted)
   * and `outcome`, the chain's own word read from the carrying transaction's
   * receipt when the wallet names it. `InvalidCallsStatusError` for a status
   * that is no EIP-5792 code.
   */
  getCallsStatus(params: { id: string; namespace?: ChainNamespace; timeoutMs?: number }): Promise<CallsStatus>
  /**
   * `getCallsStatus` asked until the batch is no longer pending (100), or
   * `timeoutMs` (default 180 s) ran out: then the pending status is resolved.
   */
  waitForCalls(params: {
    id: string
    namespace?: ChainNamespace
    timeoutMs?: number
    signal?: AbortSignal
  }): Promise<CallsStatus>
  /** EIP-5792 `wallet_showCallsStatus`: asks the wallet to show the batch in its own window. */
  showCallsStatus(params: { id: string; namespace?: ChainNamespace }): Promise<void>
  /**
   * Asks the connected wallet of a namespace (default: active) to sign a
   * transaction without sending it. Throws `MethodNotSupportedError` when the
   * namespace's adapter lacks the capability.
   */
  signTransaction<N extends ChainNamespace = ChainNamespace>(params: {
    request: SignTransactionRequestOf<N>
    namespace?: N
    requestId?: string
  }): Promise<SignTransactionResultOf<N>>
  /**
   * Asks the connected wallet of a namespace (default: active) to sign typed
   * data (EIP-712 where the chain has it); resolves the signature. Throws
   * `MethodNotSupportedError` when the namespace's adapter lacks it.
   */
  signTypedData(params: {
    typedData: unknown
    namespace?: ChainNamespace
    requestId?: string
  }): Promise<string>
  /** Removes a settled (or abandoned) entry of `state.requests`. */
  clearRequest(requestId: string): void
  /**
   * Checks a transfer as the visitor filled it in and prices it, without
   * sending: SPEC §5's 'An amount and receiver address are required' /
   * 'A token is required', the adapter's receiver check
   * (`InvalidReceiverAddressError`), the balance (`AmountExceedsBalanceError`,
   * the fee included on the native currency), the chain's reserve
   * (`BelowMinimumBalanceError` naming the minimum the sender must keep; an
   * adapter refuses a new receiver below its minimum the same way). The fee
   * is the adapter's estimate; `feeError` says why there is none.
   */
  prepareSend(params: SendParams): Promise<PreparedSend>
  /**
   * `prepareSend`, then asks the connected wallet to send it (tracked in
   * `state.requests` like `sendTransaction`); resolves the hash / id. Refused
   * with `PendingTransactionsLimitError` while 99 sends (SPEC §9) wait for
   * inclusion.
   */
  send(params: SendParams & { requestId?: string }): Promise<string>
  /**
   * The most of `token` the account can send ("Max"): the whole token
   * balance, or on the native currency the balance less the estimated fee
   * (with a 25 % margin for the wallet's own gas price), less what the chain
   * requires the account to keep (`getSendReserve`).
   */
  getMaxSendAmount(params: { token: SendToken; to?: string; namespace?: ChainNamespace }): Promise<bigint>
  /**
   * What the connected account must keep of `token` after a send on its
   * network (the adapter's `getReserve`: Solana's rent-exempt minimum,
   * Polkadot's existential deposit…), with the reason to show beside Max;
   * `undefined` when the chain keeps nothing beyond the fee. Max and
   * `prepareSend` already subtract it.
   */
  getSendReserve(params: {
    token: SendToken
    namespace?: ChainNamespace
  }): Promise<AccountReserve | undefined>
  /**
   * Resolves a name typed as Send's receiver (a registry name such as
   * `ada.portico.id`, or whatever a plugin's resolver handles) to an address
   * of the namespace (default: active). A name whose first label is under 4
   * characters or holds symbols is refused with `InvalidNameError` (SPEC §5)
   * without a lookup; `NameNotFoundError` when no address is registered;
   * `NameResolutionUnavailableError` when no plugin resolves names.
   */
  resolveName(params: {
    name: string
    namespace?: ChainNamespace
    signal?: AbortSignal
  }): Promise<ResolvedName>
  /**
   * Asks the visitor to pay (issue 34): opens the modal's Pay view showing
   * what is asked and by whom, pays from the connected wallet of the
   * network's namespace (or lets the visitor connect one first), follows the
   * transaction on the chain, and resolves its id once the chain says it
   * succeeded. Rejects with `InvalidPaymentRequestError` / `NetworkNotFoundError`
   * for a bad request (nothing shown), `PaymentInProgressError` while another
   * payment is shown, and — when the visitor gives up — the last attempt's typed
   * reason: `InsufficientFundsError` (with the shortfall), `PaymentWrongNetworkError`
   * (the network to switch to), `PaymentFailedError`, or `PaymentDeclinedError`.
   *
   * @example
   * const hash = await portico.pay({ recipient: '0x…', amount: '12.5', asset: 'native', network: 'eip155:1', reference: 'order-42' })
   */
  pay(params: PayParams): Promise<string>
  /** The Pay view's actions on the shown payment (`state.payment`): confirm (pay) and cancel. */
  readonly payment: PaymentActions
  /** Sets `modal.loading` and, with a namespace, `modal.loadingByNamespace[namespace]` (SPEC §3). */
  setLoading(loading: boolean, namespace?: ChainNamespace): void
  /** Turns `modal.shake` on for 500 ms (SPEC §4, §9). */
  shake(): void
  /**
   * Re-reads the native balance and the token balances (gateway when `apiUrl` is set, else the
   * adapter's `getTokenBalances`) of a namespace (default: active), now: past the gateway's
   * balance cache (`forceUpdate`), so funds that arrived from elsewhere (an onramp) show. A read
   * already under way is not reused (it may have started before the change the host is asking
   * about): one new read is queued behind it, shared by every call made meanwhile.
   */
  refreshBalance(namespace?: ChainNamespace): Promise<void>
  /**
   * Re-reads `profileName` / `profileImage` of a namespace's account (default:
   * active) from GET /v1/identity/{address}, past the client's 24-hour identity
   * cache: a name registered a moment ago shows in the button and Account at once.
   *
   * @example
   * await portico.refreshProfile('eip155')
   */
  refreshProfile(namespace?: ChainNamespace): Promise<void>
  /**
   * The directory's first RECOMMENDED_WALLETS_COUNT (4) wallets, for a visitor
   * with none installed: names are plain text, install links https only.
   * Rejects when no directory is configured (`directoryUrl` / `apiUrl`) or the call fails.
   */
  getRecommendedWallets?(): Promise<RecommendedWallet[]>
  /**
   * Each configured adapter's well-known wallets (`ChainAdapter.wellKnownWallets`),
   * by namespace in adapter order: names cleaned of control characters, links
   * https only (others dropped). Needs no server.
   *
   * @example
   * for (const { namespace, wallets } of portico.getWellKnownWallets()) console.log(namespace, wallets)
   */
  getWellKnownWallets(): { namespace: ChainNamespace; wallets: RecommendedWallet[] }[]
  /** Clears `state.alert`. */
  clearAlert(): void
  /** The adapter registered for a namespace, if any. */
  getAdapter(namespace: ChainNamespace): ChainAdapter | undefined
  /**
   * SPEC §4: whether a wallet request method of a namespace (default: active)
   * is on its adapter's safe list, not-safe list, or neither.
   */
  getRequestMethodSafety(method: string, namespace?: ChainNamespace): 'safe' | 'unsafe' | 'unknown'
  /**
   * One page of the connected account's transaction history (SPEC §3, §7) on the namespace's
   * active network, from the gateway (`GET /v1/account/{account}/history`). Pass the previous
   * page's `next` as `cursor` for the following page. Rejects with code `API_NOT_CONFIGURED`
   * when no `apiUrl` is set and `AddressOrAuthConnectorNotFoundError` when nothing is connected.
   *
   * @example
   * const { data, next } = await portico.getActivity({})
   * const more = next ? await portico.getActivity({ cursor: next }) : undefined
   */
  getActivity(params?: {
    namespace?: ChainNamespace
    cursor?: string
    onramp?: string
  }): Promise<HistoryResponse>
  /**
   * One page of the connected account's NFTs (ERC-721 and ERC-1155) on the namespace's active
   * network, from the gateway (`GET /v1/account/{address}/nfts`, a Portico extension): metadata
   * as the gateway read it, images as the gateway's own links, spam collections hidden. Pass
   * `next` as `cursor` for the following page. Rejects like `getActivity`, and with
   * `GatewayResponseInvalidError` when the answer is not the promised shape.
   *
   * @example
   * const { data, next } = await portico.getNfts()
   */
  getNfts(params?: {
    namespace?: ChainNamespace
    cursor?: string
    limit?: number
    signal?: AbortSignal
  }): Promise<NftsResponse>
  /**
   * The connected account's active smart sessions on the gateway (not
   * revoked, not expired; GET /v1/sessions). Rejects with the gateway's typed
   * error — an error is not an empty list — and with
   * `AddressOrAuthConnectorNotFoundError` when nothing is connected.
   */
  listSessions(params?: { namespace?: ChainNamespace }): Promise<SessionListResponse>
  /**
   * Revokes one of the account's smart sessions: the namespace's adapter
   * builds what the wallet signs (EIP-712 `SessionRevoke` on eip155), the
   * wallet signs it (a `signTypedData` request), the gateway checks it.
   * Rejects `SESSION_REVOKE_REFUSED` when the gateway says no, the wallet's
   * error when the visitor declines, `MethodNotSupportedError` where the
   * namespace cannot revoke.
   */
  revokeSession(params: { session: SessionResponse; namespace?: ChainNamespace }): Promise<void>
}
