import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { type ParsedSiwxMessage, parseSiwxMessage } from '@portico/core'
import { ApiError, badRequest } from '../http/errors.js'
import { BatchConditionError, type Database } from '../storage/index.js'
import type { SignInVerifier } from './verify.js'

/** A nonce is good for 5 minutes after the gateway handed it out. */
export const SIWX_NONCE_TTL_MS = 300_000
/** Longest session the gateway grants, whatever the message says: 7 days. */
export const SIWX_MAX_SESSION_MS = 7 * 86_400_000
/** Clock difference tolerated on "Issued At" / "Not Before": 5 minutes. */
export const SIWX_CLOCK_SKEW_MS = 300_000

/** A signed-in session as `GET /v1/siwx/me` and `POST /v1/siwx/verify` answer it. */
export interface SiwxSessionView {
  id: string
  namespace: string
  address: string
  caipNetworkId: string
  domain: string
  issuedAt: number
  expiresAt: number
}

interface SessionRow {
  id: string
  project_id: string
  namespace: string
  address: string
  chain: string
  domain: string
  issued_at: number | string
  expires_at: number | string
  revoked_at: number | string | null
}

const unauthorized = (message: string, code: string) => new ApiError(401, code, message)
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
const view = (r: SessionRow): SiwxSessionView => ({
  id: r.id,
  namespace: r.namespace,
  address: r.address,
  caipNetworkId: r.chain,
  domain: r.domain,
  issuedAt: Number(r.issued_at),
  expiresAt: Number(r.expires_at),
})

/**
 * Sign-in sessions (CAIP-122): one-time nonces bound to a project and a
 * domain, signature checks per namespace, and sessions kept in the database
 * (so every gateway instance sees the same ones, and a revoked one is refused
 * by all of them). Only a SHA-256 of each token is stored.
 */
export class SiwxService {
  constructor(
    private readonly db: Database,
    private readonly verifiers: Readonly<Record<string, SignInVerifier>>,
  ) {}

  async nonce(projectId: string, domain: string, now = Date.now()) {
    const nonce = randomBytes(16).toString('hex')
    const expiresAt = now + SIWX_NONCE_TTL_MS
    await this.db.batch([
      // Spent and expired nonces of the last hour go as new ones come (keeps the table small).
      { sql: 'DELETE FROM siwx_nonces WHERE expires_at < ?', params: [now - 3_600_000] },
      {
        sql: 'INSERT INTO siwx_nonces (nonce, project_id, domain, expires_at, used_at) VALUES (?, ?, ?, ?, NULL)',
        params: [nonce, projectId, domain, expiresAt],
      },
    ])
    return { nonce, expiresAt }
  }

  async verify(
    projectId: string,
    body: {
      message: string
      signature: string
      caipNetworkId: string
      publicKey?: string
      publicKeyType?: string
    },
    origin: string | undefined,
    now = Date.now(),
  ): Promise<{ token: string; session: SiwxSessionView }> {
    const verifier = this.verifiers[body.caipNetworkId.split(':')[0]!]
    let m: ParsedSiwxMessage
    try {
      // A namespace whose wallets write their own text (Sign In With Solana) reads it its way.
      m = verifier?.parse ? verifier.parse(body.message, body.caipNetworkId) : parseSiwxMessage(body.message)
    } catch (error) {
      throw badRequest(
        `message is not CAIP-122: ${(error as { details?: string }).details ?? ''}`,
        'invalid_message',
      )
    }
    const [namespace, reference] = body.caipNetworkId.split(':') as [string, string]
    if (m.chainReference !== reference) throw unauthorized('the message names another chain', 'wrong_chain')
    if (origin !== undefined && new URL(origin).host !== m.domain)
      throw unauthorized('the message names another domain than the page asking', 'wrong_domain')
    const expires = m.expirationTime ? Date.parse(m.expirationTime) : undefined
    if (expires !== undefined && expires <= now)
      throw unauthorized('the message has expired', 'message_expired')
    if (Date.parse(m.issuedAt) > now + SIWX_CLOCK_SKEW_MS)
      throw unauthorized('the message is issued in the future', 'message_not_yet_valid')
    if (m.notBefore && Date.parse(m.notBefore) > now + SIWX_CLOCK_SKEW_MS)
      throw unauthorized('the message is not valid yet', 'message_not_yet_valid')
    const rows = await this.db.query<{ domain: string; expires_at: number | string; used_at: unknown }>(
      'SELECT domain, expires_at, used_at FROM siwx_nonces WHERE nonce = ? AND project_id = ?',
      [m.nonce, projectId],
    )
    const nonce = rows[0]
    if (!nonce) throw unauthorized('unknown nonce: ask the gateway for one', 'invalid_nonce')
    if (nonce.used_at !== null) throw unauthorized('this nonce was already used', 'nonce_used')
    if (Number(nonce.expires_at) <= now) throw unauthorized('the nonce has expired', 'nonce_expired')
    if (nonce.domain !== m.domain)
      throw unauthorized('the nonce was issued for another domain', 'wrong_domain')
    if (!verifier) throw badRequest(`sign-in is not supported on ${namespace}`, 'unsupported_namespace')
    const ok = await verifier({
      message: body.message,
      address: m.address,
      caipNetworkId: body.caipNetworkId,
      signature: body.signature,
      ...(body.publicKey ? { publicKey: body.publicKey } : {}),
      ...(body.publicKeyType ? { publicKeyType: body.publicKeyType } : {}),
    })
    if (!ok) throw unauthorized('the signature does not match the address', 'invalid_signature')

    const token = randomBytes(32).toString('base64url')
    const id = randomUUID()
    const expiresAt = Math.min(expires ?? Number.POSITIVE_INFINITY, now + SIWX_MAX_SESSION_MS)
    try {
      await this.db.batch([
        // Spending the nonce and storing the session commit together: a replay finds it used.
        {
          sql: 'UPDATE siwx_nonces SET used_at = ? WHERE nonce = ? AND project_id = ? AND used_at IS NULL AND expires_at > ?',
          params: [now, m.nonce, projectId, now],
          expectChanges: 1,
        },
        {
          sql: `INSERT INTO siwx_sessions (id, token_hash, project_id, namespace, address, chain, domain, message, signature, issued_at, expires_at, revoked_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)`,
          params: [
            id,
            hashToken(token),
            projectId,
            namespace,
            m.address,
            body.caipNetworkId,
            m.domain,
            body.message,
            body.signature,
            now,
            expiresAt,
          ],
        },
      ])
    } catch (error) {
      if (error instanceof BatchConditionError)
        throw unauthorized('this nonce was already used', 'nonce_used')
      throw error
    }
    return {
      token,
      session: {
        id,
        namespace,
        address: m.address,
        caipNetworkId: body.caipNetworkId,
        domain: m.domain,
        issuedAt: now,
        expiresAt,
      },
    }
  }

  /** The live session a bearer token names in this project; a revoked, expired or unknown one is a 401. */
  async authenticate(
    projectId: string,
    token: string | undefined,
    now = Date.now(),
  ): Promise<SiwxSessionView> {
    if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token))
      throw unauthorized('a sign-in session token is needed', 'session_invalid')
    const rows = await this.db.query<SessionRow>(
      'SELECT * FROM siwx_sessions WHERE token_hash = ? AND project_id = ?',
      [hashToken(token), projectId],
    )
    const r = rows[0]
    if (!r) throw unauthorized('unknown sign-in session', 'session_invalid')
    if (r.revoked_at !== null) throw unauthorized('the sign-in session was revoked', 'session_revoked')
    if (Number(r.expires_at) <= now) throw unauthorized('the sign-in session has expired', 'session_expired')
    return view(r)
  }

  /** Revokes the session a token names (sign-out). */
  async signOut(projectId: string, token: string | undefined, now = Date.now()) {
    const session = await this.authenticate(projectId, token, now)
    await this.revoke(session.id, now)
    return { success: true as const }
  }

  /** Revokes a session by id (operators, the host's back end); every instance refuses it from now on. */
  async revoke(id: string, now = Date.now()): Promise<boolean> {
    const [changed] = await this.db.batch([
      {
        sql: 'UPDATE siwx_sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL',
        params: [now, id],
      },
    ])
    return changed === 1
  }
}
