import type { Balance, CaipNetworkId } from '@portico/core'
import type { Abi, Address, Hex } from 'viem'
import type { EvmClients } from './adapter-clients.js'
import { toBalance } from './balances/index.js'
import type { EvmTransactionRequest } from './contract/index.js'
import { parseEvmChainId } from './networks/index.js'
import type { Eip1193Provider } from './provider/index.js'
import { sendWithWallet } from './wallet/index.js'

/** What sending and pricing transactions need from the adapter. */
export interface TransactionDeps {
  clients: Pick<EvmClients, 'networkOf' | 'routed' | 'runtime' | 'clientOf'>
  /** The wallet behind a connector id (a plugin's channel or the connector's provider). */
  providerOf: (connectorId: string) => Eip1193Provider
  /** The network a request naming none is priced on. */
  defaultNetworkId: () => CaipNetworkId
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
  const network = params.caipNetworkId ?? request.caipNetworkId
  return sendWithWallet({
    provider,
    rt,
    request,
    ...(params.address ? { address: params.address } : {}),
    ...(network && parseEvmChainId(network) !== undefined
      ? { network: deps.clients.routed(deps.clients.networkOf(network)) }
      : {}),
  })
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

/** The fee as a Balance: gas (from `gasOf`, the adapter's `estimateGas`) × the network's gas price. */
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
  const [gas, price] = await Promise.all([
    gasOf({ request: { ...request, caipNetworkId }, ...(address ? { address } : {}) }),
    client.getGasPrice(),
  ])
  return toBalance(gas * price, network.nativeCurrency.decimals, network.nativeCurrency.symbol)
}
