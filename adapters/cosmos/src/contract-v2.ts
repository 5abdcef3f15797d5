/**
 * The five-namespace adapter contract (v2, issue 10) as far as this adapter
 * needs it, copied from the lead's target shape (`/work/contract-v2.md`).
 * Core on this branch still has the v1 contract; at merge this file is
 * deleted and every import of it points to `@portico/core` instead (the
 * names are the same). Nothing here is Cosmos-specific.
 */
import type {
  Balance,
  CaipAddress,
  CaipNetworkId,
  ChainNamespace,
  ConnectedWalletInfo,
  Connector,
  Network,
  PorticoContext,
  TokenHolding,
} from '@portico/core'

// Per-namespace types, extended by declaration merging (each adapter adds its namespace).
// biome-ignore lint/suspicious/noEmptyInterface: extended by declaration merging
export interface TransactionRequests {}
// biome-ignore lint/suspicious/noEmptyInterface: extended by declaration merging
export interface SignMessageOptions {}
// biome-ignore lint/suspicious/noEmptyInterface: extended by declaration merging
export interface ConnectOptions {}
// biome-ignore lint/suspicious/noEmptyInterface: extended by declaration merging
export interface SignTransactionRequests {}
// biome-ignore lint/suspicious/noEmptyInterface: extended by declaration merging
export interface SignTransactionResults {}
type Of<M, N> = N extends keyof M ? M[N] : never
export type TransactionRequestOf<N extends ChainNamespace> = Of<TransactionRequests, N>
export type ConnectOptionsOf<N extends ChainNamespace> = Of<ConnectOptions, N>
export type SignMessageOptionsOf<N extends ChainNamespace> = Of<SignMessageOptions, N>
export type SignTransactionRequestOf<N extends ChainNamespace> = Of<SignTransactionRequests, N>
export type SignTransactionResultOf<N extends ChainNamespace> = Of<SignTransactionResults, N>

/** v2 network: explorer paths and the native-token marker come from the network definition. */
export interface NetworkV2 extends Network {
  explorerPaths?: { address: string; transaction: string }
  nativeTokenAddress?: string
}

export interface AccountRecord {
  namespace: ChainNamespace
  address: string
  caipAddress: CaipAddress
  type: 'eoa' | 'smartAccount'
  publicKey?: string
  path?: string
  purpose?: 'payment' | 'ordinals'
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

export interface ChainAdapter<N extends ChainNamespace = ChainNamespace> {
  readonly namespace: N
  readonly networks: readonly Network[]
  readonly channel?: { methods: readonly string[]; events: readonly string[] }
  readonly requestMethods?: { safe: readonly string[]; unsafe: readonly string[] }
  setup(ctx: PorticoContext): void | Promise<void>
  getConnectors(): readonly Connector[]
  connect(params: {
    connectorId: string
    caipNetworkId?: CaipNetworkId
    channel?: RequestChannel
    options?: ConnectOptionsOf<N>
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
    options?: SignMessageOptionsOf<N>
  }): Promise<SignedMessage>
  sendTransaction(params: {
    connectorId: string
    address?: string
    caipNetworkId?: CaipNetworkId
    request: TransactionRequestOf<N>
  }): Promise<string>
  switchNetwork?(params: { connectorId: string; caipNetworkId: CaipNetworkId }): Promise<SwitchNetworkResult>
  signTransaction?(params: {
    connectorId: string
    address: string
    request: SignTransactionRequestOf<N>
  }): Promise<SignTransactionResultOf<N>>
  signTypedData?(params: { connectorId: string; address: string; typedData: unknown }): Promise<string>
  estimateFee?(params: {
    address?: string
    caipNetworkId: CaipNetworkId
    request: TransactionRequestOf<N>
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
