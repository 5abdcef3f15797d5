/**
 * Smart sessions over HTTP (@portico/server /v1/sessions): listing one
 * address's sessions and revoking one with a signature. Part of the contract in `api.ts`.
 */
import type { CaipNetworkId } from './network.js'

/** GET /v1/sessions/{id} on @portico/server. */
export interface SessionResponse {
  id: string
  projectId: string
  address: string
  pci: string
  chainId: CaipNetworkId
  /** The deployment's identity (`0x` + 32 bytes hex): revocation signatures are bound to it (EIP-712 domain `salt`). */
  gateway: string
  permissions: unknown
  createdAt: number
  expiry: number
  status: 'active' | 'expired' | 'revoked'
  revokedAt: number | null
}

/**
 * What a revocation signature covers: the session as the gateway answers it
 * plus the request's one-time `nonce` and `deadline` (epoch ms).
 */
export interface SessionRevokeFields {
  id: string
  projectId: string
  address: string
  chainId: string
  /** `SessionResponse.gateway`: the signature is valid on that deployment only. */
  gateway: string
  pci: string
  permissions: unknown
  expiry: number
  nonce: string
  deadline: number
}

/** GET /v1/sessions?address=&chainId=&limit= on @portico/server: the address's active sessions, soonest expiry first. */
export interface SessionListResponse {
  sessions: SessionResponse[]
  /** True when more active sessions exist than the answer holds (at most 100). */
  truncated: boolean
}

/** POST /v1/sessions/{id}/revoke — SPEC §3 Smart session revocation. */
export interface RevokeSessionRequest {
  pci: string
  /** The owner's EIP-712 signature over the gateway's `SessionRevoke` typed data (every field below and the session's). */
  signature: string
  /** One-time value chosen by the client: a signed revocation is accepted once. */
  nonce: string
  /** Epoch ms after which the signed revocation is refused (the gateway takes at most 10 minutes ahead). */
  deadline: number
}
