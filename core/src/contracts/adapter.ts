import type { AccountRecord } from './account.js'
import type { Connector } from './connector.js'
import type { PorticoContext } from './context.js'
import type { CaipNetworkId, ChainNamespace, Network } from './network.js'

/** A chain-neutral amount: integer units + decimals + symbol, and the SPEC §5 display string. */
export interface Balance {
  value: bigint
  decimals: number
  symbol: string
  /** Truncated to 3 decimals (SPEC §5), e.g. `10000.000`. */
  formatted: string
}

/**
 * A fungible token holding read from the chain (an SPL token account, an
 * ERC-20 balance…): the amount as a `Balance` plus the token's address.
 */
export interface TokenHolding extends Balance {
  /** Token contract / mint address, in the chain's native form (not CAIP-10). */
  token: string
  /** Display name when the adapter knows it (configured or on-chain metadata). */
  name?: string
}

export interface ConnectResult {
  accounts: AccountRecord[]
  caipNetworkId: CaipNetworkId
}

/**
 * A transaction request. EVM fills `to`/`value`/`data`; other chains may pass a
 * chain-native, already-built transaction in `transaction` (e.g. base64 for Solana).
 */
export interface TransactionRequest {
  caipNetworkId?: CaipNetworkId
  from?: string
  to?: string
  value?: bigint
  data?: string
  transaction?: unknown
}

/** Events an adapter emits for the connection it holds. */
export interface AdapterEvents {
  accountsChanged: { accounts: AccountRecord[] }
  chainChanged: { caipNetworkId: CaipNetworkId }
  disconnect: { reason?: string }
}

/**
 * One adapter per chain namespace. Adapters never touch the UI; the UI never
 * touches a chain library. Optional members are capabilities: when absent the
 * caller throws `MethodNotSupportedError` — adapters never ship stubs.
 *
 * Addresses are strings, amounts bigint + decimals, network ids CAIP-2.
 */
export interface ChainAdapter {
  readonly namespace: ChainNamespace
  readonly networks: readonly Network[]
  /** Called once by `createPortico`; may start discovery (only in a browser, never at import). */
  setup(ctx: PorticoContext): void | Promise<void>
  /** Discovered + configured connectors; changes are announced with `ctx.setConnectors`. */
  getConnectors(): readonly Connector[]
  connect(params: { connectorId: string; caipNetworkId?: CaipNetworkId }): Promise<ConnectResult>
  disconnect(params: { connectorId: string }): Promise<void>
  /** Asks the wallet for accounts + chain; on failure logs a warning and returns empty accounts (SPEC §7). */
  getAccounts(params: {
    connectorId: string
  }): Promise<{ accounts: AccountRecord[]; caipNetworkId?: CaipNetworkId }>
  switchNetwork(params: { connectorId: string; caipNetworkId: CaipNetworkId }): Promise<void>
  getBalance(params: { address: string; caipNetworkId: CaipNetworkId }): Promise<Balance>
  signMessage(params: { connectorId: string; address: string; message: string }): Promise<string>
  sendTransaction(params: { connectorId: string; request: TransactionRequest }): Promise<string>
  signTypedData?(params: { connectorId: string; address: string; typedData: unknown }): Promise<string>
  estimateGas?(params: { request: TransactionRequest }): Promise<bigint>
  /**
   * Settles once a sent transaction is included on the chain (mined, finalized…),
   * whatever its outcome. Core waits for it before re-reading the sender's
   * balances; without it core re-reads right away and once more after
   * `RPC_POLLING_INTERVAL_MS`.
   */
  waitForTransaction?(params: { hash: string; caipNetworkId: CaipNetworkId }): Promise<unknown>
  /**
   * Fungible token balances of `address` read from the chain's RPC (SPL token
   * accounts on Solana). `tokens` narrows the result to these token addresses.
   */
  getTokenBalances?(params: {
    address: string
    caipNetworkId: CaipNetworkId
    tokens?: readonly string[]
  }): Promise<TokenHolding[]>
  parseUnits(value: string, decimals: number): bigint
  formatUnits(value: bigint, decimals: number): string
  /** Subscribe to connection events; returns the unsubscribe function. */
  on<E extends keyof AdapterEvents>(event: E, handler: (payload: AdapterEvents[E]) => void): () => void
  destroy?(): void
}

/** Identity helper: adds types only. */
export function defineChainAdapter<A extends ChainAdapter>(adapter: A): A {
  return adapter
}
