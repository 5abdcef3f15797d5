/**
 * The five-namespace adapter contract (issue 10, /work/contract-v2.md) as far
 * as this adapter uses it. Core on this branch still has the old contract, so
 * the v2 types live here, in ONE file: at merge this file becomes re-exports
 * from `@portico/core` (and the `declare module` augmentation below moves to
 * `@portico/core`'s own interfaces). Nothing else in the package may depend
 * on old-vs-new differences.
 */
import {
  BALANCE_DECIMALS,
  type Balance,
  type CaipAddress,
  type CaipNetworkId,
  type ChainNamespace,
  type ConnectedWalletInfo,
  type Connector,
  type Network,
  type PorticoContext,
  type TokenHolding,
} from '@portico/core'

export type { Balance, CaipAddress, CaipNetworkId, Connector, Network, PorticoContext, TokenHolding }

/** polkadot: a native transfer (`balances.transferKeepAlive`) or a prepared call (SCALE hex of the call). */
export type PolkadotTransactionRequest = { to: string; value: bigint } | { call: `0x${string}` }
/** polkadot connect options: the app name the extension shows when asking for access. */
export interface PolkadotConnectOptions {
  appName?: string
}

/** v2 AccountRecord: the adapter composes `caipAddress` for the current network. */
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

/** The v2 `ChainAdapter<'polkadot'>`, with the polkadot request types filled in. */
export interface PolkadotChainAdapter {
  readonly namespace: 'polkadot'
  readonly networks: readonly Network[]
  readonly channel?: { methods: readonly string[]; events: readonly string[] }
  readonly requestMethods?: { safe: readonly string[]; unsafe: readonly string[] }
  setup(ctx: PorticoContext): void | Promise<void>
  getConnectors(): readonly Connector[]
  connect(params: {
    connectorId: string
    caipNetworkId?: CaipNetworkId
    channel?: RequestChannel
    options?: PolkadotConnectOptions
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
    options?: never
  }): Promise<SignedMessage>
  sendTransaction(params: {
    connectorId: string
    address?: string
    caipNetworkId?: CaipNetworkId
    request: PolkadotTransactionRequest
  }): Promise<string>
  switchNetwork(params: { connectorId: string; caipNetworkId: CaipNetworkId }): Promise<SwitchNetworkResult>
  estimateFee(params: {
    address?: string
    caipNetworkId: CaipNetworkId
    request: PolkadotTransactionRequest
  }): Promise<Balance>
  getTokenBalances(params: {
    address: string
    caipNetworkId: CaipNetworkId
    tokens?: readonly string[]
  }): Promise<TokenHolding[]>
  waitForTransaction(params: { hash: string; caipNetworkId: CaipNetworkId }): Promise<unknown>
  on<E extends keyof AdapterEvents>(event: E, handler: (payload: AdapterEvents[E]) => void): () => void
  destroy?(): void
}

/**
 * SPEC §5 display amount: truncated (never rounded) to 3 decimals, always 3
 * shown. v2 core exports `formatUnits` for this; at merge use core's.
 */
export function formatBalance(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = decimals === 0 ? digits : digits.slice(0, -decimals)
  const fraction = (decimals === 0 ? '' : digits.slice(-decimals))
    .slice(0, BALANCE_DECIMALS)
    .padEnd(BALANCE_DECIMALS, '0')
  return `${negative ? '-' : ''}${whole}.${fraction}`
}
