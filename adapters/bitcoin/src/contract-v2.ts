/**
 * The five-namespace adapter contract (v2, /work/contract-v2.md) as far as
 * the Bitcoin adapter needs it, until core exports it (issue 10). This is the
 * ONE file to swap for `@portico/core`'s types at merge: everything else in
 * the package imports the contract from here.
 *
 * At merge: delete this file's local declarations, import them from
 * `@portico/core`, and register the bip122 types by declaration merging:
 *
 *   declare module '@portico/core' {
 *     interface TransactionRequests { bip122: BitcoinTransactionRequest }
 *     interface SignMessageOptions { bip122: BitcoinSignMessageOptions }
 *     interface ConnectOptions { bip122: BitcoinConnectOptions }
 *     interface SignTransactionRequests { bip122: BitcoinSignTransactionRequest }
 *     interface SignTransactionResults { bip122: BitcoinSignTransactionResult }
 *   }
 */
import type {
  Balance,
  CaipAddress,
  CaipNetworkId,
  ChainNamespace,
  ConnectedWalletInfo,
  Connector,
  Network as CoreNetwork,
  PorticoContext,
  TokenHolding,
} from '@portico/core'

export type { Balance, CaipAddress, CaipNetworkId, ChainNamespace, Connector, PorticoContext, TokenHolding }

/** v2 `Network`: core's plus explorer path templates and the native-token marker. */
export interface Network extends CoreNetwork {
  explorerPaths?: { address: string; transaction: string }
  nativeTokenAddress?: string
}

/** Why a Bitcoin account exists in a wallet: spending (payment) or holding inscriptions (ordinals). */
export type BitcoinPurpose = 'payment' | 'ordinals'

/** v2 `AccountRecord`. */
export interface AccountRecord {
  namespace: ChainNamespace
  address: string
  caipAddress: CaipAddress
  type: 'eoa' | 'smartAccount'
  publicKey?: string
  path?: string
  purpose?: BitcoinPurpose
  addressType?: string
}

export interface ConnectResult {
  accounts: AccountRecord[]
  caipNetworkId: CaipNetworkId
  wallet?: ConnectedWalletInfo
}

export interface SignedMessage {
  signature: string
  publicKey?: string
  signedMessage?: Uint8Array
}

export type SwitchNetworkResult =
  | { status: 'switched'; accounts?: AccountRecord[] }
  | { status: 'reconnect-needed' }

export interface RequestChannel {
  readonly namespace: ChainNamespace
  request<T = unknown>(args: { method: string; params?: unknown; chainId: CaipNetworkId }): Promise<T>
  accounts(): readonly CaipAddress[]
  chains(): readonly CaipNetworkId[]
  on(
    event: 'accountsChanged' | 'chainChanged' | 'disconnect',
    handler: (payload: unknown) => void,
  ): () => void
}

export interface AdapterEvents {
  accountsChanged: { connectorId: string; accounts: AccountRecord[] }
  chainChanged: { connectorId: string; caipNetworkId: CaipNetworkId; accounts?: AccountRecord[] }
  disconnect: { connectorId: string; reason?: string }
}

// ---- bip122 entries of the per-namespace maps ----

/** `TransactionRequests['bip122']`: pay `value` sats to `to`, at `feeRate` sat/vB (default from /fee-estimates). */
export interface BitcoinTransactionRequest {
  to: string
  value: bigint
  feeRate?: number
}
/** `SignMessageOptions['bip122']`. Default `ecdsa` (the "Bitcoin Signed Message" format). */
export interface BitcoinSignMessageOptions {
  protocol?: 'ecdsa' | 'bip322'
}
/** `ConnectOptions['bip122']`. Default both purposes. */
export interface BitcoinConnectOptions {
  purposes?: BitcoinPurpose[]
}
/** `SignTransactionRequests['bip122']`: a dApp's own PSBT. */
export interface BitcoinSignTransactionRequest {
  psbt: Uint8Array
  inputsToSign: { address: string; index: number[]; sighashTypes?: number[] }[]
  broadcast?: boolean
}
/** `SignTransactionResults['bip122']`. `txid` when `broadcast` was asked. */
export interface BitcoinSignTransactionResult {
  psbt: Uint8Array
  txid?: string
}

/** v2 `ChainAdapter`, specialised to bip122 (core's is generic over the namespace maps). */
export interface BitcoinChainAdapter {
  readonly namespace: 'bip122'
  readonly networks: readonly Network[]
  readonly channel?: { methods: readonly string[]; events: readonly string[] }
  readonly requestMethods?: { safe: readonly string[]; unsafe: readonly string[] }
  setup(ctx: PorticoContext): void | Promise<void>
  getConnectors(): readonly Connector[]
  connect(params: {
    connectorId: string
    caipNetworkId?: CaipNetworkId
    channel?: RequestChannel
    options?: BitcoinConnectOptions
  }): Promise<ConnectResult>
  disconnect(params: { connectorId: string }): Promise<void>
  getAccounts(params: {
    connectorId: string
  }): Promise<{ accounts: AccountRecord[]; caipNetworkId?: CaipNetworkId }>
  getBalance(params: { address: string; caipNetworkId: CaipNetworkId }): Promise<Balance>
  signMessage(params: {
    connectorId: string
    address: string
    message: string | Uint8Array
    options?: BitcoinSignMessageOptions
  }): Promise<SignedMessage>
  sendTransaction(params: {
    connectorId: string
    address?: string
    caipNetworkId?: CaipNetworkId
    request: BitcoinTransactionRequest
  }): Promise<string>
  switchNetwork?(params: { connectorId: string; caipNetworkId: CaipNetworkId }): Promise<SwitchNetworkResult>
  signTransaction?(params: {
    connectorId: string
    address: string
    request: BitcoinSignTransactionRequest
  }): Promise<BitcoinSignTransactionResult>
  estimateFee?(params: {
    address?: string
    caipNetworkId: CaipNetworkId
    request: BitcoinTransactionRequest
  }): Promise<Balance>
  getTokenBalances?(params: {
    address: string
    caipNetworkId: CaipNetworkId
    tokens?: readonly string[]
  }): Promise<TokenHolding[]>
  waitForTransaction?(params: { hash: string; caipNetworkId: CaipNetworkId }): Promise<unknown>
  on<E extends keyof AdapterEvents>(event: E, handler: (payload: AdapterEvents[E]) => void): () => void
  destroy?(): void
}
