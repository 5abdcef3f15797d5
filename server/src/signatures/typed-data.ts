import { type Hex, keccak256, stringToBytes } from 'viem'

/**
 * EIP-712 domains of the gateway's signed requests. The domain separator
 * binds a signature to its purpose: a registration signature is not a
 * session signature, and neither is a plain `personal_sign` text.
 */
export const NAMES_DOMAIN = { name: 'Portico Names', version: '1' } as const
export const SESSIONS_DOMAIN = { name: 'Portico Sessions', version: '1' } as const

/**
 * The domain of a revocation signature: bound to the deployment (`salt`, the
 * gateway's identity from `GET /v1/sessions/{id}`) and, for an `eip155`
 * session, to its chain (`chainId`), so it cannot be replayed against
 * another gateway that serves the same project id.
 */
export function sessionRevokeDomain(s: { chainId: string; gateway: string }) {
  if (!/^0x[0-9a-fA-F]{64}$/.test(s.gateway)) throw new Error('gateway identity must be 32 bytes of hex')
  const evm = /^eip155:([0-9]{1,12})$/.exec(s.chainId)
  return {
    name: 'Portico Sessions',
    version: '2',
    ...(evm ? { chainId: Number(evm[1]) } : {}),
    salt: s.gateway.toLowerCase() as Hex,
  }
}

/** Every field of a name registration is signed, `coinType` included. */
export const REGISTRATION_TYPES = {
  Registration: [
    { name: 'name', type: 'string' },
    { name: 'owner', type: 'address' },
    { name: 'coinType', type: 'uint32' },
    { name: 'timestamp', type: 'uint64' },
    { name: 'attributes', type: 'string' },
  ],
} as const

/** A session signature covers the project, the permissions and a one-time nonce. */
export const SESSION_TYPES = {
  Session: [
    { name: 'project', type: 'string' },
    { name: 'owner', type: 'address' },
    { name: 'pci', type: 'string' },
    { name: 'chainId', type: 'string' },
    { name: 'expiry', type: 'uint64' },
    { name: 'permissions', type: 'string' },
    { name: 'nonce', type: 'string' },
  ],
} as const

/** JSON text with object keys sorted at every level: one text per value, so the signed text is unambiguous. */
export function canonicalJson(value: unknown): string {
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
 * The typed data a wallet signs (`eth_signTypedData_v4`) to register a name.
 * `message` of POST /v1/profile/account is the JSON text
 * `{ name, address, coin_type, timestamp, attributes? }`; the signature is
 * over this typed data built from it.
 *
 * @example
 * const signature = await account.signTypedData(registrationTypedData({ name, address, coin_type: 60, timestamp: Date.now() }))
 */
export function registrationTypedData(m: {
  name: string
  address: string
  coin_type: number
  timestamp: number
  attributes?: Record<string, string> | undefined
}) {
  return {
    domain: NAMES_DOMAIN,
    types: REGISTRATION_TYPES,
    primaryType: 'Registration' as const,
    message: {
      name: m.name,
      owner: m.address as Hex,
      coinType: m.coin_type,
      timestamp: BigInt(m.timestamp),
      attributes: canonicalJson(m.attributes ?? {}),
    },
  }
}

/**
 * The typed data a wallet signs to create a session (POST /v1/sessions).
 *
 * @example
 * const signature = await account.signTypedData(sessionTypedData({ project: 'local', address, pci, chainId, expiry, permissions, nonce }))
 */
export function sessionTypedData(s: {
  project: string
  address: string
  pci: string
  chainId: string
  expiry: number
  permissions?: unknown
  nonce: string
}) {
  return {
    domain: SESSIONS_DOMAIN,
    types: SESSION_TYPES,
    primaryType: 'Session' as const,
    message: {
      project: s.project,
      owner: s.address as Hex,
      pci: s.pci,
      chainId: s.chainId,
      expiry: BigInt(s.expiry),
      permissions: canonicalJson(s.permissions ?? {}),
      nonce: s.nonce,
    },
  }
}

/**
 * A revocation signature covers everything the session it ends authorised:
 * the project, the session id, owner, chain, pci, a digest of its
 * permissions and its expiry, plus a one-time nonce and a deadline of its
 * own (so a signed revocation is single-use and short-lived).
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

/**
 * The typed data an owner signs (`eth_signTypedData_v4`) to revoke a smart
 * session, built from the session as `GET /v1/sessions/{id}` answers it and
 * the request's `nonce` and `deadline` (epoch ms); its domain names the
 * deployment and the chain (`sessionRevokeDomain`).
 *
 * @example
 * const signature = await account.signTypedData(sessionRevokeTypedData({ ...session, nonce, deadline }))
 */
export function sessionRevokeTypedData(s: {
  id: string
  projectId: string
  address: string
  chainId: string
  gateway: string
  pci: string
  permissions: unknown
  expiry: number
  nonce: string
  deadline: number
}) {
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
