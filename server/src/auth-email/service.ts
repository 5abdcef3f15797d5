import { isValidEmail } from '@portico/core'
import { ApiError } from '../http/errors.js'
import { clientKey, type RateLimitStore } from '../shared/index.js'
import { type Database, isUniqueViolation, whenConditionFails } from '../storage/index.js'
import type { EmbeddedWalletConfig } from './config.js'
import { type AuthKeys, deriveKeys, mac, newCode, newToken, sameHex, seal, unseal } from './crypto.js'
import type { CodeMailer } from './mailer.js'

const HOUR = 3_600_000

/** SPEC §8 too-early email login text (N = remaining whole seconds, rounded up). */
export function cooldownMessage(remainingMs: number): string {
  return `Please try again after ${Math.ceil(remainingMs / 1000)} seconds`
}

/** An authenticated embedded-wallet session (what a bearer token stands for). */
export interface AuthSession {
  /** The account subject: the address for email logins, `provider:sub` for social ones. */
  email: string
  /** 'email' or the social provider (null on sessions from before migration 14). */
  method: string | null
  /** The name to show for social sessions (the provider's email or name). */
  label: string | null
  projectId: string
  expiresAt: number
}

/** The auth share of one wallet, as the frame stored it (opaque to the gateway). */
export interface StoredShare {
  address: string
  share: string
}

const tooMany = (message: string, code: string, retryMs: number) =>
  new ApiError(429, code, message, { 'retry-after': String(Math.max(1, Math.ceil(retryMs / 1000))) })

/** Lower-cased, trimmed; refused unless SPEC §5 valid and at most 254 characters. */
export function normalizeEmail(email: string): string {
  const e = email.trim().toLowerCase()
  if (e.length > 254 || !isValidEmail(e))
    throw new ApiError(400, 'invalid_email', 'A valid email is required')
  return e
}

/**
 * Email one-time codes, sessions and auth shares (issue 14). Codes and
 * tokens are stored as HMACs; shares sealed with AES-256-GCM. Every refusal
 * is an ApiError with its status and code.
 */
export class EmailAuthService {
  readonly #keys: AuthKeys
  constructor(
    private readonly db: Database,
    private readonly config: EmbeddedWalletConfig,
    private readonly mailer: CodeMailer,
    private readonly limits: RateLimitStore,
    private readonly now: () => number = Date.now,
  ) {
    this.#keys = deriveKeys(config.secret)
  }

  async #limitIp(ip: string) {
    const r = await this.limits.hit(`auth-email:ip:${clientKey(ip)}`, this.config.perIpPerHour, HOUR)
    if (!r.allowed) throw tooMany('Rate Limited', 'rate_limited', r.resetAt - this.now())
  }

  /** Mails a new 6-digit code to `email` (replacing any earlier one). */
  async requestCode(rawEmail: string, ip: string): Promise<{ expiresAt: number; resendAfter: number }> {
    const email = normalizeEmail(rawEmail)
    await this.#limitIp(ip)
    const now = this.now()
    const [last] = await this.db.query<{ sent_at: number | string }>(
      'SELECT sent_at FROM auth_email_codes WHERE email = ?',
      [email],
    )
    if (last) {
      const wait = Number(last.sent_at) + this.config.resendCooldownMs - now
      if (wait > 0) throw tooMany(cooldownMessage(wait), 'email_cooldown', wait)
    }
    const perEmail = await this.limits.hit(`auth-email:to:${email}`, this.config.perEmailPerHour, HOUR)
    if (!perEmail.allowed) throw tooMany('Rate Limited', 'rate_limited', perEmail.resetAt - now)
    const code = newCode()
    const expiresAt = now + this.config.codeTtlMs
    await this.db.batch([
      { sql: 'DELETE FROM auth_email_codes WHERE email = ?', params: [email] },
      {
        sql: 'INSERT INTO auth_email_codes (email, code_hash, expires_at, attempts, sent_at) VALUES (?, ?, ?, 0, ?)',
        params: [email, mac(this.#keys, 'otp', email, code), expiresAt, now],
      },
    ])
    try {
      await this.mailer.sendCode(email, code)
    } catch (error) {
      // No mail, no code: the visitor may ask again at once.
      await this.db.query('DELETE FROM auth_email_codes WHERE email = ?', [email])
      throw Object.assign(new ApiError(502, 'mail_failed', 'The login code could not be mailed'), {
        cause: error,
      })
    }
    return { expiresAt, resendAfter: now + this.config.resendCooldownMs }
  }

  /** Checks a code; the right one (once) gives a session token. */
  async verifyCode(
    rawEmail: string,
    code: string,
    ip: string,
    projectId: string,
  ): Promise<{ token: string; expiresAt: number; email: string }> {
    const email = await this.consumeCode(rawEmail, code, ip)
    return this.createSession(email, projectId)
  }

  /**
   * Checks a login code and burns it (single use even under races); returns
   * the normalized address. Device approval (issue 14) runs between this and
   * `createSession`.
   */
  async consumeCode(rawEmail: string, code: string, ip: string): Promise<string> {
    const email = normalizeEmail(rawEmail)
    await this.#limitIp(ip)
    const now = this.now()
    const [row] = await this.db.query<{
      code_hash: string
      expires_at: number | string
      attempts: number | string
    }>('SELECT code_hash, expires_at, attempts FROM auth_email_codes WHERE email = ?', [email])
    if (!row || Number(row.expires_at) <= now)
      throw new ApiError(400, 'code_expired', 'This code has expired. Ask for a new one.')
    const attempts = Number(row.attempts)
    if (attempts >= this.config.maxAttempts)
      throw new ApiError(429, 'code_attempts_exceeded', 'Too many wrong codes. Ask for a new one.')
    if (!sameHex(row.code_hash, mac(this.#keys, 'otp', email, code))) {
      // Counted with a condition, so two guesses racing cannot both use the last try.
      const [changed] = await this.db.batch([
        {
          sql: 'UPDATE auth_email_codes SET attempts = attempts + 1 WHERE email = ? AND attempts < ?',
          params: [email, this.config.maxAttempts],
        },
      ])
      const left = this.config.maxAttempts - attempts - 1
      if (!changed || left <= 0)
        throw new ApiError(429, 'code_attempts_exceeded', 'Too many wrong codes. Ask for a new one.')
      throw new ApiError(401, 'invalid_code', `Wrong code. ${left} ${left === 1 ? 'try' : 'tries'} left.`)
    }
    // Deleting the code with a row-count condition makes it single-use even under races.
    await this.db
      .batch([
        {
          sql: 'DELETE FROM auth_email_codes WHERE email = ? AND code_hash = ?',
          params: [email, row.code_hash],
          expectChanges: 1,
        },
      ])
      .catch(
        whenConditionFails(
          () => new ApiError(400, 'code_expired', 'This code has expired. Ask for a new one.'),
        ),
      )
    return email
  }

  /** A new email-login session for an address whose ownership was just proven. */
  async createSession(
    email: string,
    projectId: string,
  ): Promise<{ token: string; expiresAt: number; email: string }> {
    const token = newToken()
    const now = this.now()
    const expiresAt = now + this.config.sessionTtlMs
    await this.db.query(
      'INSERT INTO auth_sessions (token_hash, email, project_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
      [mac(this.#keys, 'session', token), email, projectId, now, expiresAt],
    )
    return { token, expiresAt, email }
  }

  /** The live session of a bearer token; 401 when unknown, expired or revoked. */
  async session(token: string | undefined): Promise<AuthSession & { tokenHash: string }> {
    if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token))
      throw new ApiError(401, 'session_invalid', 'Session Expired')
    const tokenHash = mac(this.#keys, 'session', token)
    const [row] = await this.db.query<{
      email: string
      project_id: string
      expires_at: number | string
      revoked_at: unknown
      method: string | null
      label: string | null
    }>(
      'SELECT email, project_id, expires_at, revoked_at, method, label FROM auth_sessions WHERE token_hash = ?',
      [tokenHash],
    )
    if (!row || row.revoked_at !== null || Number(row.expires_at) <= this.now())
      throw new ApiError(401, 'session_invalid', 'Session Expired')
    return {
      email: row.email,
      projectId: row.project_id,
      expiresAt: Number(row.expires_at),
      tokenHash,
      method: row.method ?? null,
      label: row.label ?? null,
    }
  }

  async revoke(token: string | undefined): Promise<void> {
    const s = await this.session(token)
    await this.db.query('UPDATE auth_sessions SET revoked_at = ? WHERE token_hash = ?', [
      this.now(),
      s.tokenHash,
    ])
  }

  /** The session's wallet: its address and auth share, or undefined when it has none yet. */
  async getShare(token: string | undefined): Promise<StoredShare | undefined> {
    const s = await this.session(token)
    const [row] = await this.db.query<{ address: string; share_ciphertext: string }>(
      'SELECT address, share_ciphertext FROM auth_shares WHERE email = ?',
      [s.email],
    )
    if (!row) return undefined
    return { address: row.address, share: unseal(this.#keys, row.share_ciphertext, s.email) }
  }

  /** Stores the auth share of a new wallet; 409 when the email has one (a key is never replaced silently). */
  async putShare(token: string | undefined, share: StoredShare): Promise<void> {
    const s = await this.session(token)
    try {
      await this.db.query(
        'INSERT INTO auth_shares (email, address, share_ciphertext, created_at) VALUES (?, ?, ?, ?)',
        [s.email, share.address, seal(this.#keys, share.share, s.email), this.now()],
      )
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ApiError(409, 'wallet_exists', 'This email already has a wallet')
      throw error
    }
  }
}
