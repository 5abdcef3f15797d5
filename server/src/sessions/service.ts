import { randomUUID } from 'node:crypto'
import type { SessionResponse } from '@portico/core'
import { ApiError, badRequest, notFound } from '../http/errors.js'
import {
  canonicalJson,
  sessionRevokeTypedData,
  sessionTypedData,
  verifyTypedSignature,
} from '../signatures/index.js'
import { type Database, isUniqueViolation, type SqlValue } from '../storage/index.js'
import { deploymentIdentity } from './identity.js'

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
/** Longest smart session the gateway stores: 30 days from its creation. */
export const MAX_SESSION_LIFETIME_MS = 30 * 86_400_000
/** A signed revocation names a deadline at most 10 minutes ahead (a signature kept aside soon stops working). */
export const MAX_REVOKE_WINDOW_MS = 600_000

/** Most sessions one GET /v1/sessions answers (the oldest-expiring first; `truncated` says more exist). */
export const MAX_SESSIONS_LISTED = 100

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

function view(r: Row, now: number, gateway: string): SessionView {
  return {
    id: r.id,
    projectId: r.project_id,
    gateway,
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

/** Smart sessions: created and revoked by the owner's signature; read by id. */
export class SessionService {
  private identity: Promise<string> | undefined
  constructor(private readonly db: Database) {}

  /** The deployment identity every session answer carries (revocations are signed for it). */
  private gateway(): Promise<string> {
    this.identity ??= deploymentIdentity(this.db).catch((error: unknown) => {
      this.identity = undefined // a database blip is not remembered: the next call asks again
      throw error
    })
    return this.identity
  }

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
    if (body.expiry > now + MAX_SESSION_LIFETIME_MS)
      throw badRequest(`a session lasts at most ${MAX_SESSION_LIFETIME_MS} ms`, 'expiry_too_far')
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
    return r ? view(r, now, await this.gateway()) : undefined
  }

  /**
   * The active sessions (not revoked, not expired) of `address` in one
   * project, optionally on one chain, soonest expiry first, at most `limit`
   * (≤ MAX_SESSIONS_LISTED); `truncated` says more exist.
   */
  async listActive(
    projectId: string,
    query: { address: string; chainId?: string | undefined; limit?: number | undefined },
    now = Date.now(),
  ): Promise<{ sessions: SessionView[]; truncated: boolean }> {
    const limit = Math.min(Math.max(1, Math.trunc(query.limit ?? MAX_SESSIONS_LISTED)), MAX_SESSIONS_LISTED)
    const params: SqlValue[] = [projectId, query.address.toLowerCase(), now]
    let sql =
      'SELECT * FROM sessions WHERE project_id = ? AND address = ? AND revoked_at IS NULL AND expiry > ?'
    if (query.chainId) {
      sql += ' AND chain = ?'
      params.push(query.chainId)
    }
    // One row past the limit tells whether the list is cut.
    const rows = await this.db.query<Row>(`${sql} ORDER BY expiry ASC, id ASC LIMIT ${limit + 1}`, params)
    const gateway = await this.gateway()
    return {
      sessions: rows.slice(0, limit).map((r) => view(r, now, gateway)),
      truncated: rows.length > limit,
    }
  }

  /**
   * Ends a session with the owner's EIP-712 signature over
   * `sessionRevokeTypedData` (the session's project, id, owner, chain, pci,
   * permissions digest and expiry, and the request's nonce and deadline).
   * Each signed revocation is accepted once (its digest is recorded).
   */
  async revoke(
    id: string,
    projectId: string,
    body: { pci: string; signature: string; nonce: string; deadline: number },
    now = Date.now(),
  ) {
    const session = await this.get(id, projectId)
    if (!session) throw notFound('session not found', 'session_not_found')
    if (session.pci !== body.pci) throw badRequest('pci does not match the session', 'pci_mismatch')
    if (!Number.isSafeInteger(body.deadline) || body.deadline <= now)
      throw new ApiError(401, 'request_expired', 'the signed revocation is past its deadline')
    if (body.deadline > now + MAX_REVOKE_WINDOW_MS)
      throw badRequest(`deadline must be at most ${MAX_REVOKE_WINDOW_MS} ms ahead`, 'deadline_too_far')
    const { digest } = await verifyTypedSignature(
      session.address,
      sessionRevokeTypedData({ ...session, nonce: body.nonce, deadline: body.deadline }),
      body.signature,
    )
    try {
      await this.db.batch([
        {
          sql: 'INSERT INTO used_signatures (digest, used_at, expires_at) VALUES (?, ?, ?)',
          params: [digest, now, body.deadline],
        },
        // Revoking twice (two signed requests) is harmless: the first time stays recorded.
        { sql: 'UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', params: [now, id] },
      ])
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ApiError(409, 'replayed_signature', 'this revocation was already used')
      throw error
    }
    return { success: true as const }
  }
}
