import { randomUUID } from 'node:crypto'
import type { SessionResponse } from '@portico/core'
import { type Hex, verifyMessage } from 'viem'
import { ApiError, badRequest, notFound } from '../http/errors.js'
import type { Database } from '../storage/index.js'

/** Text the owner signs to create a session (personal_sign). */
export const createSessionMessage = (p: { pci: string; chainId: string; expiry: number }) =>
  `Create Portico session\npci: ${p.pci}\nchain: ${p.chainId}\nexpiry: ${p.expiry}`
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
    return await verifyMessage({ address: address as Hex, message, signature: signature as Hex })
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
      signature: string
    },
    now = Date.now(),
  ): Promise<SessionView> {
    if (body.expiry <= now) throw badRequest('expiry is in the past', 'invalid_expiry')
    if (!(await verify(body.address, createSessionMessage(body), body.signature))) {
      throw new ApiError(401, 'invalid_signature', 'signature does not match the address')
    }
    const id = randomUUID()
    await this.db.batch([
      {
        sql: `INSERT INTO sessions (id, project_id, address, pci, chain, permissions, created, expiry, revoked_at)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL)`,
        params: [
          id,
          projectId,
          body.address.toLowerCase(),
          body.pci,
          body.chainId,
          JSON.stringify(body.permissions ?? {}),
          now,
          body.expiry,
        ],
      },
    ])
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
