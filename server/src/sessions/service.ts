import { randomUUID } from 'node:crypto'
import type { SessionResponse } from '@portico/core'
import { type Hex, verifyMessage } from 'viem'
import { ApiError, badRequest, notFound } from '../http/errors.js'
import {
  canonicalJson,
  canonicalSignature,
  sessionTypedData,
  verifyTypedSignature,
} from '../signatures/index.js'
import { type Database, isUniqueViolation } from '../storage/index.js'

/** Largest accepted `permissions` (canonical JSON text, characters) and its deepest nesting. */
export const MAX_PERMISSIONS_CHARS = 4096
export const MAX_PERMISSIONS_DEPTH = 6
/** Latest accepted expiry: the last instant a JavaScript Date can hold (epoch ms). */
export const MAX_EXPIRY = 8_640_000_000_000_000

function depthOf(value: unknown, depth = 0): number {
  if (value === null || typeof value !== 'object' || depth > MAX_PERMISSIONS_DEPTH) return depth
  let max = depth + 1
  for (const v of Object.values(value)) max = Math.max(max, depthOf(v, depth + 1))
  return max
}
/** Text the owner signs to revoke one (SPEC §3 Smart session revocation: pci, signature). */
export const revokeSessionMessage = (p: { id: string; pci: string }) =>
  `Revoke Portico session ${p.id}\npci: ${p.pci}`

/** What GET /v1/sessions/{id} answers (`SessionResponse` in @portico/core). */
export type SessionView = SessionResponse

interface Row {
  id: string
  project_id: string
  address: string
  pci: string
  chain: string
  permissions: string
  created: number
  expiry: number
  revoked_at: number | null
}

async function verify(address: string, message: string, signature: string) {
  try {
    return await verifyMessage({ address: address as Hex, message, signature: canonicalSignature(signature) })
  } catch {
    return false
  }
}

/** Smart sessions: created and revoked by the owner's signature; read by id. */
export class SessionService {
  constructor(private readonly db: Database) {}

  async create(
    projectId: string,
    body: {
      address: string
      pci: string
      chainId: string
      expiry: number
      permissions?: unknown
      nonce: string
      signature: string
    },
    now = Date.now(),
  ): Promise<SessionView> {
    if (!Number.isSafeInteger(body.expiry) || body.expiry > MAX_EXPIRY)
      throw badRequest(`expiry must be epoch milliseconds up to ${MAX_EXPIRY}`, 'invalid_expiry')
    if (body.expiry <= now) throw badRequest('expiry is in the past', 'invalid_expiry')
    const permissions = body.permissions ?? {}
    if (
      depthOf(permissions) > MAX_PERMISSIONS_DEPTH ||
      canonicalJson(permissions).length > MAX_PERMISSIONS_CHARS
    ) {
      throw badRequest(
        `permissions must be at most ${MAX_PERMISSIONS_CHARS} characters of JSON, nested ${MAX_PERMISSIONS_DEPTH} deep`,
        'permissions_too_large',
      )
    }
    // The signature covers the project, the permissions and a one-time nonce (EIP-712).
    const { digest } = await verifyTypedSignature(
      body.address,
      sessionTypedData({ ...body, project: projectId, permissions }),
      body.signature,
    )
    const id = randomUUID()
    try {
      await this.db.batch([
        // A signed session request is accepted once: the digest names project, owner, fields and nonce.
        // Past its expiry the request is refused anyway: the row may be pruned after that.
        {
          sql: 'INSERT INTO used_signatures (digest, used_at, expires_at) VALUES (?, ?, ?)',
          params: [digest, now, body.expiry],
        },
        {
          sql: `INSERT INTO sessions (id, project_id, address, pci, chain, permissions, created, expiry, revoked_at)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL)`,
          params: [
            id,
            projectId,
            body.address.toLowerCase(),
            body.pci,
            body.chainId,
            JSON.stringify(permissions),
            now,
            body.expiry,
          ],
        },
      ])
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ApiError(409, 'replayed_signature', 'this session request was already used')
      throw error
    }
    return (await this.get(id, projectId))!
  }

  async get(id: string, projectId: string, now = Date.now()): Promise<SessionView | undefined> {
    const rows = await this.db.query<Row>('SELECT * FROM sessions WHERE id = ? AND project_id = ?', [
      id,
      projectId,
    ])
    const r = rows[0]
    if (!r) return undefined
    return {
      id: r.id,
      projectId: r.project_id,
      address: r.address,
      pci: r.pci,
      chainId: r.chain as SessionResponse['chainId'],
      permissions: JSON.parse(r.permissions),
      createdAt: r.created,
      expiry: r.expiry,
      status: r.revoked_at !== null ? 'revoked' : r.expiry <= now ? 'expired' : 'active',
      revokedAt: r.revoked_at,
    }
  }

  async revoke(id: string, projectId: string, body: { pci: string; signature: string }, now = Date.now()) {
    const session = await this.get(id, projectId)
    if (!session) throw notFound('session not found', 'session_not_found')
    if (session.pci !== body.pci) throw badRequest('pci does not match the session', 'pci_mismatch')
    if (!(await verify(session.address, revokeSessionMessage({ id, pci: body.pci }), body.signature))) {
      throw new ApiError(401, 'invalid_signature', 'signature does not match the session owner')
    }
    // Revoking twice is harmless: the first time stays recorded.
    await this.db.batch([
      { sql: 'UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', params: [now, id] },
    ])
    return { success: true as const }
  }
}
