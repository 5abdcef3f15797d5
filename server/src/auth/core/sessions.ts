import { ApiError } from '../../http/errors.js'
import type { Database } from '../../storage/index.js'
import { type AuthKeys, deriveKeys, mac, newToken } from './crypto.js'

/** An authenticated embedded-wallet session (what a bearer token stands for). */
export interface AuthSession {
  /** The account subject: the address for email logins, `provider:sub` for social ones, `farcaster:fid`. */
  email: string
  /** 'email', 'farcaster' or the social provider (null on sessions from before migration 14). */
  method: string | null
  /** The name to show for social and Farcaster sessions (the provider's email or name). */
  label: string | null
  projectId: string
  /** When the login behind this session proved who the visitor is. */
  createdAt: number
  expiresAt: number
}

/** One session as its account lists it. */
export interface SessionInfo {
  id: string
  projectId: string
  method: string
  createdAt: number
  expiresAt: number
  /** The session this request came with. */
  current: boolean
}

/** A new session as a login answers it: the bearer token (shown once) and when it ends. */
export interface NewSession {
  token: string
  expiresAt: number
}

/** SPEC §8 "Session Expired": every unknown, expired or revoked bearer token gets it. */
export const sessionExpired = () => new ApiError(401, 'session_invalid', 'Session Expired')

const TOKEN = /^[A-Za-z0-9_-]{43}$/

/** The token of an `Authorization: Bearer` header, or undefined when absent or malformed. */
export function bearer(header: string | undefined): string | undefined {
  const m = /^Bearer ([A-Za-z0-9_-]{1,128})$/.exec(header ?? '')
  return m?.[1]
}

/**
 * The session core every login method depends on (and nothing else): a
 * login proves who the visitor is its own way (a mailed code, an ID token,
 * a signed Farcaster message) and then opens a session here. Tokens are
 * stored as HMACs only.
 */
export class SessionStore {
  readonly #keys: AuthKeys
  constructor(
    private readonly db: Database,
    private readonly options: { secret: string; sessionTtlMs: number },
    private readonly now: () => number = Date.now,
  ) {
    this.#keys = deriveKeys(options.secret)
  }

  /** Opens a session for `subject` on `projectId`, whose ownership the caller just proved. */
  async create(
    subject: string,
    projectId: string,
    how: { method: string; label?: string | undefined },
  ): Promise<NewSession> {
    const token = newToken()
    const now = this.now()
    const expiresAt = now + this.options.sessionTtlMs
    await this.db.query(
      'INSERT INTO auth_sessions (token_hash, email, project_id, created_at, expires_at, method, label) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [mac(this.#keys, 'session', token), subject, projectId, now, expiresAt, how.method, how.label ?? null],
    )
    return { token, expiresAt }
  }

  /** The live session of a bearer token; 401 "Session Expired" when unknown, expired or revoked. */
  async session(token: string | undefined): Promise<AuthSession & { tokenHash: string }> {
    if (!token || !TOKEN.test(token)) throw sessionExpired()
    const tokenHash = mac(this.#keys, 'session', token)
    const [row] = await this.db.query<{
      email: string
      project_id: string
      created_at: number | string
      expires_at: number | string
      revoked_at: unknown
      method: string | null
      label: string | null
    }>(
      'SELECT email, project_id, created_at, expires_at, revoked_at, method, label FROM auth_sessions WHERE token_hash = ?',
      [tokenHash],
    )
    if (!row || row.revoked_at !== null || Number(row.expires_at) <= this.now()) throw sessionExpired()
    return {
      email: row.email,
      projectId: row.project_id,
      createdAt: Number(row.created_at),
      expiresAt: Number(row.expires_at),
      tokenHash,
      method: row.method ?? null,
      label: row.label ?? null,
    }
  }

  /** The account's live sessions (any project), newest first; `id` is the token's MAC, never the token. */
  async list(token: string | undefined): Promise<SessionInfo[]> {
    const s = await this.session(token)
    const rows = await this.db.query<{
      token_hash: string
      project_id: string
      method: string | null
      created_at: number | string
      expires_at: number | string
    }>(
      'SELECT token_hash, project_id, method, created_at, expires_at FROM auth_sessions WHERE email = ? AND revoked_at IS NULL AND expires_at > ? ORDER BY created_at DESC',
      [s.email, this.now()],
    )
    return rows.map((r) => ({
      id: r.token_hash,
      projectId: r.project_id,
      method: r.method ?? 'email',
      createdAt: Number(r.created_at),
      expiresAt: Number(r.expires_at),
      current: r.token_hash === s.tokenHash,
    }))
  }

  /** Logs out one session of the caller's own account; 404 for any other id. */
  async revokeById(token: string | undefined, id: string): Promise<void> {
    const s = await this.session(token)
    const [changed] = await this.db.batch([
      {
        sql: 'UPDATE auth_sessions SET revoked_at = ? WHERE token_hash = ? AND email = ? AND revoked_at IS NULL',
        params: [this.now(), id, s.email],
      },
    ])
    if (!changed) throw new ApiError(404, 'session_unknown', 'No such session')
  }

  /** Logs the token's session out. */
  async revoke(token: string | undefined): Promise<void> {
    const s = await this.session(token)
    await this.db.query('UPDATE auth_sessions SET revoked_at = ? WHERE token_hash = ?', [
      this.now(),
      s.tokenHash,
    ])
  }
}
