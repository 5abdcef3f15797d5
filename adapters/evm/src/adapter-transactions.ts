import type { Balance, CaipNetworkId } from '@portico/core'
import type { Abi, Address, Hex } from 'viem'
import type { EvmClients } from './adapter-clients.js'
import { toBalance } from './balances/index.js'
import type { EvmTransactionRequest } from './contract/index.js'
import {
  type EvmFeeFields,
  type FeeQuotes,
  maxPricePerGas,
  readL1DataFee,
  requestFeeFields,
  suggestFeeFields,
  withFeeFields,
} from './fees/index.js'
import { type EvmNetwork, parseEvmChainId } from './networks/index.js'
import type { Eip1193Provider } from './provider/index.js'
import { sendWithWallet } from './wallet/index.js'

/** What sending and pricing transactions need from the adapter. */
export interface TransactionDeps {
  clients: Pick<EvmClients, 'networkOf' | 'routed' | 'runtime' | 'clientOf'>
  /** The wallet behind a connector id (a plugin's channel or the connector's provider). */
  providerOf: (connectorId: string) => Eip1193Provider
  /** The network a request naming none is priced on. */
  defaultNetworkId: () => CaipNetworkId
  /** What `estimateFee` priced each request with, reused by its send. */
  quotes: FeeQuotes
}

/** Sends `request` through the connector's wallet, on the network it (or `params`) names when that is an EVM one. */
export async function sendTx(
  deps: TransactionDeps,
  connectorId: string,
  request: EvmTransactionRequest,
  params: { address?: string; caipNetworkId?: CaipNetworkId } = {},
): Promise<Hex> {
  const provider = deps.providerOf(connectorId)
  const rt = await deps.clients.runtime()
  const networkId = params.caipNetworkId ?? request.caipNetworkId
  const network =
    networkId && parseEvmChainId(networkId) !== undefined ? deps.clients.networkOf(networkId) : undefined
  return sendWithWallet({
    provider,
    rt,
    request: network ? await withPricedFees(deps, request, network) : request,
    ...(params.address ? { address: params.address } : {}),
    ...(network ? { network: deps.clients.routed(network) } : {}),
  })
}

/**
 * The request with the fee fields it is sent with: its own when it names
 * them; else the gas limit and fee fields `estimateFee` priced this very
 * request with (so the wallet is asked for the worst case the preview
 * showed); else fee fields suggested now, the same way.
 */
async function withPricedFees(
  deps: TransactionDeps,
  request: EvmTransactionRequest,
  network: EvmNetwork,
): Promise<EvmTransactionRequest> {
  if (requestFeeFields(request)) return request
  const quote = deps.quotes.fresh(request)
  if (quote) return withFeeFields(request, quote.fields, quote.gas)
  return withFeeFields(request, await suggestFeeFields(await deps.clients.clientOf(network.caipNetworkId)))
}

/** A contract call encoded here (viem) and sent as a transaction through the wallet. */
export async function writeContract(
  deps: TransactionDeps,
  params: {
    connectorId: string
    address: Address
    abi: unknown
    functionName: unknown
    args?: unknown
    value?: bigint
    from?: Address
    caipNetworkId?: CaipNetworkId
  },
): Promise<Hex> {
  deps.providerOf(params.connectorId) // an unknown connector fails before viem loads
  const rt = await deps.clients.runtime()
  const data = rt.encodeFunctionData({
    abi: params.abi as Abi,
    functionName: params.functionName as string,
    args: (params.args ?? []) as readonly unknown[],
  })
  return await sendTx(deps, params.connectorId, {
    to: params.address,
    data,
    ...(params.value !== undefined ? { value: params.value } : {}),
    ...(params.from ? { from: params.from } : {}),
    ...(params.caipNetworkId ? { caipNetworkId: params.caipNetworkId } : {}),
  })
}

export async function estimateGas(
  deps: TransactionDeps,
  { request, address }: { request: EvmTransactionRequest; address?: string },
): Promise<bigint> {
  const client = await deps.clients.clientOf(request.caipNetworkId ?? deps.defaultNetworkId())
  const from = request.from ?? address
  return await client.estimateGas({
    ...(from ? { account: from as Address } : {}),
    ...(request.to ? { to: request.to as Address } : {}),
    ...(request.value !== undefined ? { value: request.value } : {}),
    ...(request.data ? { data: request.data as Hex } : {}),
  })
}

/**
 * The most the sender can pay for the request, as a Balance: the gas limit
 * (`gasOf`, the adapter's `estimateGas`, or the request's own `gas`) × the
 * max price per gas of the fee fields the send will carry (EIP-1559
 * `maxFeePerGas`, or the legacy gas price), plus the L1 data fee on an
 * OP-stack network. The quote is kept for the send of this request.
 */
export async function estimateFee(
  deps: TransactionDeps,
  gasOf: (params: { request: EvmTransactionRequest; address?: string }) => Promise<bigint>,
  {
    address,
    caipNetworkId,
    request,
  }: { address?: string; caipNetworkId: CaipNetworkId; request: EvmTransactionRequest },
): Promise<Balance> {
  const network = deps.clients.networkOf(caipNetworkId)
  const client = await deps.clients.clientOf(caipNetworkId)
  const own = requestFeeFields(request)
  const [gas, fields] = await Promise.all([
    request.gas ?? gasOf({ request: { ...request, caipNetworkId }, ...(address ? { address } : {}) }),
    own ? Promise.resolve<EvmFeeFields>(own) : suggestFeeFields(client),
  ])
  const from = request.from ?? address
  const l1DataFee = network.opStack
    ? await readL1DataFee({
        client,
        rt: await deps.clients.runtime(),
        chainId: network.id,
        request,
        ...(from ? { from } : {}),
        gas,
        fields,
      })
    : 0n
  const worstCase = gas * maxPricePerGas(fields) + l1DataFee
  deps.quotes.remember(request, { gas, fields, l1DataFee, worstCase, at: Date.now() })
  return toBalance(worstCase, network.nativeCurrency.decimals, network.nativeCurrency.symbol)
}
