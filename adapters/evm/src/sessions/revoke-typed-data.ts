import { GatewayResponseInvalidError, type SessionRevokeFields } from '@portico/core'
import { type Hex, keccak256, stringToBytes } from 'viem'

/** EIP-712 domain of the gateway's smart-session requests (same as @portico/server's). */
export const SESSIONS_DOMAIN = { name: 'Portico Sessions', version: '1' } as const

/**
 * The domain of a revocation (same as @portico/server's `sessionRevokeDomain`):
 * bound to the deployment (`salt`, the session answer's `gateway`) and to an
 * `eip155` session's chain, so the signature is refused by any other gateway.
 * A `gateway` that is not 32 bytes of hex is a malformed gateway answer.
 */
export function sessionRevokeDomain(s: { chainId: string; gateway: string }) {
  if (typeof s.gateway !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(s.gateway))
    throw new GatewayResponseInvalidError({ details: 'session.gateway' })
  const evm = /^eip155:([0-9]{1,12})$/.exec(s.chainId)
  return {
    name: 'Portico Sessions',
    version: '2',
    ...(evm ? { chainId: Number(evm[1]) } : {}),
    salt: s.gateway.toLowerCase() as Hex,
  }
}

/**
 * `SessionRevoke`: everything the session authorised (project, session id,
 * owner, chain, pci, a digest of its permissions, expiry) plus the request's
 * one-time nonce and its deadline. Field order is part of the type hash:
 * it must match the gateway's exactly (a test compares both).
 */
export const SESSION_REVOKE_TYPES = {
  SessionRevoke: [
    { name: 'project', type: 'string' },
    { name: 'session', type: 'string' },
    { name: 'owner', type: 'address' },
    { name: 'chainId', type: 'string' },
    { name: 'pci', type: 'string' },
    { name: 'permissionsDigest', type: 'bytes32' },
    { name: 'expiry', type: 'uint64' },
    { name: 'nonce', type: 'string' },
    { name: 'deadline', type: 'uint64' },
  ],
} as const

/** JSON text with object keys sorted at every level (the gateway digests permissions this way). */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/**
 * The EIP-712 typed data a session's owner signs (`eth_signTypedData_v4`) to
 * revoke it through `POST /v1/sessions/{id}/revoke`, built from the session
 * as the gateway answers it plus a fresh `nonce` and a `deadline` (epoch ms,
 * at most 10 minutes ahead). Kept here rather than imported from the
 * gateway so a browser bundle never pulls server code.
 *
 * @example
 * const typedData = sessionRevokeTypedData({ ...session, nonce, deadline })
 */
export function sessionRevokeTypedData(s: SessionRevokeFields) {
  return {
    domain: sessionRevokeDomain(s),
    types: SESSION_REVOKE_TYPES,
    primaryType: 'SessionRevoke' as const,
    message: {
      project: s.projectId,
      session: s.id,
      owner: s.address as Hex,
      chainId: s.chainId,
      pci: s.pci,
      permissionsDigest: keccak256(stringToBytes(canonicalJson(s.permissions ?? {}))),
      expiry: BigInt(s.expiry),
      nonce: s.nonce,
      deadline: BigInt(s.deadline),
    },
  }
}
