/**
 * The account reads of `HttpBlockchainApi` (identity, history, NFTs, balance,
 * prices), built on its `GatewayTransport`. The methods' docs live on the class.
 */
import { BALANCE_CACHE_TTL_MS, IDENTITY_CACHE_TTL_MS } from '../constants/index.js'
import type {
  BalanceResponse,
  FungiblePriceResponse,
  HistoryResponse,
  IdentityResponse,
  NftsResponse,
} from '../contracts/api.js'
import type { CaipNetworkId } from '../contracts/network.js'
import type { GatewayTransport } from './blockchain-transport.js'
import { segment } from './http.js'
import { parseNftsResponse } from './nfts.js'

export async function identity(
  t: GatewayTransport,
  params: { address: string; sender?: string; forceUpdate?: boolean },
): Promise<IdentityResponse> {
  await t.gate(undefined)
  return t.cached(
    `identity:${params.address}:${params.sender ?? ''}`,
    IDENTITY_CACHE_TTL_MS,
    params.forceUpdate === true,
    () =>
      t.http.request('GET', `/v1/identity/${segment(params.address)}`, {
        query: { sender: params.sender },
      }),
  )
}

export function history(
  t: GatewayTransport,
  params: { account: string; cursor?: string; onramp?: string; chainId?: CaipNetworkId },
): Promise<HistoryResponse> {
  return t.get(
    `/v1/account/${segment(params.account)}/history`,
    { cursor: params.cursor, onramp: params.onramp, chainId: params.chainId },
    params.chainId,
  )
}

export async function nfts(
  t: GatewayTransport,
  params: { account: string; chainId?: CaipNetworkId; cursor?: string; limit?: number; signal?: AbortSignal },
): Promise<NftsResponse> {
  const body = await t.get<unknown>(
    `/v1/account/${segment(params.account)}/nfts`,
    {
      chainId: params.chainId,
      cursor: params.cursor,
      limit: params.limit === undefined ? undefined : String(params.limit),
    },
    params.chainId,
    undefined,
    params.signal,
  )
  return parseNftsResponse(body, new URL(t.options.baseUrl).origin)
}

export async function balance(
  t: GatewayTransport,
  params: { address: string; chainId: CaipNetworkId; currency?: 'usd'; forceUpdate?: string },
): Promise<BalanceResponse> {
  // The check runs before the cache, so a cached answer is never served on a now-unsupported network.
  await t.gate(params.chainId)
  const currency = params.currency ?? 'usd'
  return t.cached(
    `balance:${params.address}:${params.chainId}:${currency}`,
    BALANCE_CACHE_TTL_MS,
    params.forceUpdate !== undefined,
    () =>
      t.http.request('GET', `/v1/account/${segment(params.address)}/balance`, {
        query: { currency, chainId: params.chainId, forceUpdate: params.forceUpdate },
      }),
  )
}

export function price(
  t: GatewayTransport,
  params: { currency?: 'usd'; addresses: string[] },
): Promise<FungiblePriceResponse> {
  return t.post('/v1/fungible/price', {
    currency: params.currency ?? 'usd',
    addresses: params.addresses,
    projectId: t.options.projectId,
  })
}
