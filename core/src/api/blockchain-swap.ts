/**
 * The swap calls of `HttpBlockchainApi` (SPEC §7 /v1/convert/*), built on its
 * `GatewayTransport`. A refused network raises `SwapNetworkNotSupportedError`
 * (gas price: `GasPriceNetworkNotSupportedError`). The methods' docs live on the class.
 */
import { SWAP_SLIPPAGE_TOLERANCE } from '../constants/index.js'
import type {
  GasPriceResponse,
  SwapAllowanceResponse,
  SwapBuildApproveRequest,
  SwapBuildTransactionRequest,
  SwapQuoteRequest,
  SwapQuotesResponse,
  SwapTokensResponse,
  SwapTransactionResponse,
} from '../contracts/api.js'
import type { CaipNetworkId } from '../contracts/network.js'
import type { GatewayTransport } from './blockchain-transport.js'

export function quote(
  t: GatewayTransport,
  params: SwapQuoteRequest & { chainId?: CaipNetworkId },
): Promise<SwapQuotesResponse> {
  const { chainId, ...query } = params
  return t.get('/v1/convert/quotes', { ...query }, chainId ?? networkOf(params.from), 'swap')
}

export function tokens(t: GatewayTransport, params: { chainId: CaipNetworkId }): Promise<SwapTokensResponse> {
  return t.get('/v1/convert/tokens', { chainId: params.chainId }, params.chainId, 'swap')
}

export function allowance(
  t: GatewayTransport,
  params: { tokenAddress: string; userAddress: string; chainId?: CaipNetworkId },
): Promise<SwapAllowanceResponse> {
  return t.get(
    '/v1/convert/allowance',
    { tokenAddress: params.tokenAddress, userAddress: params.userAddress },
    params.chainId ?? networkOf(params.tokenAddress),
    'swap',
  )
}

export function gasPrice(t: GatewayTransport, params: { chainId: CaipNetworkId }): Promise<GasPriceResponse> {
  return t.get('/v1/convert/gas-price', { chainId: params.chainId }, params.chainId, 'gasPrice')
}

export function buildTransaction(
  t: GatewayTransport,
  params: Omit<SwapBuildTransactionRequest, 'eip155'> & { slippage?: string; chainId?: CaipNetworkId },
): Promise<SwapTransactionResponse> {
  const body: SwapBuildTransactionRequest & { projectId: string } = {
    amount: params.amount,
    eip155: { slippage: params.slippage ?? String(SWAP_SLIPPAGE_TOLERANCE) },
    projectId: t.options.projectId,
    from: params.from,
    to: params.to,
    userAddress: params.userAddress,
    disableEstimate: params.disableEstimate ?? false,
  }
  return t.post('/v1/convert/build-transaction', body, params.chainId ?? networkOf(params.from), 'swap')
}

export function buildApproval(
  t: GatewayTransport,
  params: SwapBuildApproveRequest & { chainId?: CaipNetworkId },
): Promise<SwapTransactionResponse> {
  const { chainId, ...query } = params
  return t.get('/v1/convert/build-approve', { ...query }, chainId ?? networkOf(params.from), 'swap')
}

/** The CAIP-2 network of a CAIP-10 token address, so swap calls are gated on the tokens' own network. */
function networkOf(caip10: string): CaipNetworkId | undefined {
  const parts = caip10.split(':')
  return parts.length === 3 && parts[0] && parts[1] ? (`${parts[0]}:${parts[1]}` as CaipNetworkId) : undefined
}
