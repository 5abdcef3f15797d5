/**
 * The name-service calls of `HttpBlockchainApi` (SPEC §7 /v1/profile/*, and
 * the gateway's ENS lookup), built on its `GatewayTransport`. The methods'
 * docs live on the class.
 */
import type { NameRecord, NameSuggestionsResponse, RegisterNameRequest } from '../contracts/api.js'
import type { CaipNetworkId } from '../contracts/network.js'
import type { GatewayTransport } from './blockchain-transport.js'
import { segment } from './http.js'

export function lookup(
  t: GatewayTransport,
  name: string,
  options: { signal?: AbortSignal },
): Promise<NameRecord> {
  return t.get(
    `/v1/profile/account/${segment(name)}`,
    { apiVersion: 2 },
    undefined,
    undefined,
    options.signal,
  )
}

export function resolveEns(
  t: GatewayTransport,
  params: { name: string; chainId?: CaipNetworkId; signal?: AbortSignal },
): Promise<{ name: string; address: string }> {
  return t.get(
    `/v1/ens/resolve/${segment(params.name)}`,
    { chainId: params.chainId },
    params.chainId,
    undefined,
    params.signal,
  )
}

export function reverse(
  t: GatewayTransport,
  params: { address: string; sender?: string },
): Promise<NameRecord[]> {
  return t.get(`/v1/profile/reverse/${segment(params.address)}`, {
    sender: params.sender,
    apiVersion: 2,
  })
}

export function suggestions(
  t: GatewayTransport,
  params: { name: string; zone?: string; signal?: AbortSignal },
): Promise<NameSuggestionsResponse> {
  return t.get(
    `/v1/profile/suggestions/${segment(params.name)}`,
    { zone: params.zone },
    undefined,
    undefined,
    params.signal,
  )
}

/** Any failure answers `{ success: false }` rather than throwing (SPEC §8). */
export async function register(
  t: GatewayTransport,
  body: RegisterNameRequest,
): Promise<{ success: boolean }> {
  try {
    const answer = await t.post<{ success?: boolean } | undefined>('/v1/profile/account', {
      coin_type: body.coin_type,
      address: body.address,
      message: body.message,
      signature: body.signature,
    })
    return { success: answer?.success !== false }
  } catch {
    return { success: false }
  }
}
