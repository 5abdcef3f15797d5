import type {
  Balance,
  CaipNetworkId,
  ChainAdapter,
  ChannelCapabilities,
  RequestMethodLists,
  SwitchNetworkResult,
  TransactionOutcome,
} from '@portico/core'
import type { Abi, Address, ContractFunctionArgs, ContractFunctionName, Hex, PublicClient } from 'viem'
import type { EvmToken, TokenBalanceResult, TokenBalances, TokenQuery } from './balances/index.js'
import type { EvmCall, EvmCallCapabilities, EvmCallsStatus } from './calls/index.js'
import type { EvmConnectorConfig } from './connectors/index.js'
import type { EvmTransactionRequest } from './contract/index.js'
import type { EvmNetwork } from './networks/index.js'
import type { Eip6963Target } from './provider/index.js'
import type { EvmSmartAccountOptions } from './smart-account/index.js'
import type { EvmTransportOptions } from './transport/index.js'

export interface EvmAdapterOptions {
  networks: readonly EvmNetwork[]
  /** Connectors offered besides the discovered ones. */
  connectors?: readonly EvmConnectorConfig[]
  /** ERC-20 tokens per CAIP-2 network id, read by `getTokenBalances`. */
  tokens?: Readonly<Partial<Record<CaipNetworkId, readonly EvmToken[]>>>
  /** RPC transport settings (SPEC §9 defaults). */
  transport?: EvmTransportOptions
  /** EIP-6963 discovery: on by default in a browser; `false` turns it off. */
  discovery?: boolean
  /**
   * ERC-4337 smart accounts (SimpleAccount v0.7) owned by the connected
   * wallet, sent through the gateway's bundler proxy and sponsored by its
   * paymaster. Connect then reports the smart account beside the EOA.
   */
  smartAccount?: EvmSmartAccountOptions
  /** The window to discover on: a harness given here is used anywhere; else `globalThis.window` in a browser. */
  window?: Eip6963Target
}

/** Params of `writeContract`: a contract call sent as a transaction through the wallet. */
export interface WriteContractParams<
  A extends Abi | readonly unknown[] = Abi,
  F extends ContractFunctionName<A, 'nonpayable' | 'payable'> = ContractFunctionName<
    A,
    'nonpayable' | 'payable'
  >,
> {
  connectorId: string
  address: Address
  abi: A
  functionName: F
  args?: ContractFunctionArgs<A, 'nonpayable' | 'payable', F>
  value?: bigint
  from?: Address
  caipNetworkId?: CaipNetworkId
}

/** The EVM adapter: the core `ChainAdapter` plus EVM reads and writes. */
export interface EvmAdapter extends ChainAdapter<'eip155'> {
  readonly namespace: 'eip155'
  readonly networks: readonly EvmNetwork[]
  readonly channel: ChannelCapabilities
  readonly requestMethods: RequestMethodLists
  switchNetwork(params: { connectorId: string; caipNetworkId: CaipNetworkId }): Promise<SwitchNetworkResult>
  signTypedData(params: { connectorId: string; address: string; typedData: unknown }): Promise<string>
  /** Gas units the network estimates for the request (EVM-specific; `estimateFee` gives the fee as a Balance). */
  estimateGas(params: { request: EvmTransactionRequest; address?: string }): Promise<bigint>
  /**
   * The most the request can cost, in the native currency: gas limit × the
   * max price per gas of the fee fields the send carries (EIP-1559 from
   * `eth_feeHistory`, legacy where the chain has no base fee), plus the L1
   * data fee on an OP-stack network. The send of the same request object
   * carries exactly these gas limit and fee fields.
   */
  estimateFee(params: {
    address?: string
    caipNetworkId: CaipNetworkId
    request: EvmTransactionRequest
  }): Promise<Balance>
  /**
   * Native + ERC-20 balances in one RPC round trip (one Multicall3 aggregate3
   * `eth_call`). Tokens default to the ones configured for the network.
   */
  getBalances(params: {
    address: string
    caipNetworkId: CaipNetworkId
    tokens?: readonly TokenQuery[]
  }): Promise<TokenBalances>
  /** ERC-20 holdings only (the core capability); same single round trip as `getBalances`. */
  getTokenBalances(params: {
    address: string
    caipNetworkId: CaipNetworkId
    tokens?: readonly TokenQuery[]
  }): Promise<TokenBalanceResult[]>
  /**
   * EIP-5792 capabilities of the account on the network: the adapter's smart
   * accounts run batches atomically (one user operation) and take the
   * gateway's paymaster; any other wallet is asked `wallet_getCapabilities`
   * (none when it does not implement it).
   */
  getCallsCapabilities(params: {
    connectorId: string
    address: string
    caipNetworkId?: CaipNetworkId
  }): Promise<EvmCallCapabilities>
  /**
   * EIP-5792 `wallet_sendCalls`: a smart account of the adapter sends the
   * calls as one atomic user operation (`executeBatch`; its id is the user
   * operation's hash); another wallet is asked `wallet_sendCalls` (v2.0.0).
   * `atomicRequired` (default true) refuses with `AtomicBatchUnsupportedError`
   * on a wallet that reports no atomic support.
   */
  sendCalls(params: {
    connectorId: string
    address: string
    caipNetworkId?: CaipNetworkId
    calls: readonly EvmCall[]
    atomicRequired?: boolean
    /** A smart account: `false` pays the gas itself. */
    sponsored?: boolean
  }): Promise<{ id: string }>
  /** EIP-5792 `wallet_getCallsStatus`: 100 pending, 200 confirmed, 500 reverted on chain (with the outcome). */
  getCallsStatus(params: { connectorId: string; id: string; timeoutMs?: number }): Promise<EvmCallsStatus>
  /** EIP-5792 `wallet_showCallsStatus`: the wallet shows the batch in its own window (4200 / -32601 when it cannot). */
  showCallsStatus(params: { connectorId: string; id: string }): Promise<void>
  /**
   * A smart account's send priced as a user operation: the most it costs the
   * account (zero when the gateway's paymaster agreed to sponsor it) and
   * whose name sponsors it; `undefined` for an address that is not one of
   * the adapter's smart accounts.
   */
  priceUserOperation(params: {
    address: string
    caipNetworkId: CaipNetworkId
    request: EvmTransactionRequest
  }): Promise<{ fee: Balance; sponsored: boolean; sponsorName?: string } | undefined>
  getGasPrice(params: { caipNetworkId: CaipNetworkId }): Promise<bigint>
  writeContract<
    const A extends Abi | readonly unknown[],
    F extends ContractFunctionName<A, 'nonpayable' | 'payable'>,
  >(params: WriteContractParams<A, F>): Promise<Hex>
  /**
   * Follows a sent transaction to its outcome: `succeeded` (block, fee charged
   * = gas used × effective gas price), `failed` with the revert decoded
   * (Error(string), Panic(uint256), the token standards' custom errors),
   * `dropped` when another transaction with its nonce replaced it, `pending`
   * when no receipt came within `timeoutMs` (default `EVM_OUTCOME_TIMEOUT_MS`).
   */
  waitForTransaction(
    params: Parameters<NonNullable<ChainAdapter<'eip155'>['waitForTransaction']>>[0],
  ): Promise<TransactionOutcome>
  /**
   * The read client of a network (viem), for anything the adapter does not
   * wrap. viem loads lazily: this works once the adapter has loaded it (after
   * a connect, a read, a signature…) and throws `EvmClientNotLoadedError`
   * before; `loadPublicClient` always works.
   */
  getPublicClient(caipNetworkId: CaipNetworkId): PublicClient
  /** The read client of a network, loading viem first when needed. */
  loadPublicClient(caipNetworkId: CaipNetworkId): Promise<PublicClient>
}
