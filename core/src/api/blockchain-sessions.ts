/**
 * The smart-session calls of `HttpBlockchainApi` (@portico/server /v1/sessions),
 * built on its `GatewayTransport`. The methods' docs live on the class.
 */
import type { RevokeSessionRequest, SessionListResponse } from '../contracts/api.js'
import type { CaipNetworkId } from '../contracts/network.js'
import type { GatewayTransport } from './blockchain-transport.js'
import { segment } from './http.js'

export function get(t: GatewayTransport, id: string): Promise<unknown> {
  return t.get(`/v1/sessions/${segment(id)}`, {})
}

export function list(
  t: GatewayTransport,
  params: { address: string; chainId?: CaipNetworkId; limit?: number },
): Promise<SessionListResponse> {
  return t.get('/v1/sessions', {
    address: params.address,
    chainId: params.chainId,
    limit: params.limit === undefined ? undefined : String(params.limit),
  })
}

/** Any failure answers `{ success: false }` rather than throwing (SPEC §8). */
export async function revoke(
  t: GatewayTransport,
  id: string,
  body: RevokeSessionRequest,
): Promise<{ success: boolean }> {
  try {
    const answer = await t.post<{ success?: boolean } | undefined>(`/v1/sessions/${segment(id)}/revoke`, {
      pci: body.pci,
      signature: body.signature,
      nonce: body.nonce,
      deadline: body.deadline,
    })
    return { success: answer?.success !== false }
  } catch {
    return { success: false }
  }
}
