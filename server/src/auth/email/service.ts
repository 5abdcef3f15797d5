import { ApiError } from '../../http/errors.js'
import { clientKey, type RateLimitStore } from '../../shared/index.js'
import { type Database, whenConditionFails } from '../../storage/index.js'
import type { EmbeddedWalletConfig } from '../config.js'
import { cooldownMessage, normalizeEmail } from '../core/codes.js'
import { type AuthKeys, deriveKeys, mac, newCode, sameHex } from '../core/crypto.js'
import type { AccountFailures } from '../core/failures.js'
import type { CodeMailer } from '../core/mailer.js'
import type { NewSession, SessionStore } from '../core/sessions.js'

const HOUR = 3_600_000

const tooMany = (message: string, code: string, retryMs: number) =>
  new ApiError(429, code, message, { 'retry-after': String(Math.max(1, Math.ceil(retryMs / 1000))) })

/**
 * Email one-time codes (issue 14): a 6-digit code mailed to the address,
 * stored as an HMAC, single use; the right one opens a session in the core.
 * Every refusal is an ApiError with its status and code.
 */
export class EmailAuthService {
  readonly #keys: AuthKeys
  constructor(
    private readonly db: Database,
    private readonly config: EmbeddedWalletConfig,
    private readonly mailer: CodeMailer,
    private readonly limits: RateLimitStore,
    private readonly sessions: SessionStore,
    private readonly failures: AccountFailures,
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
  ): Promise<NewSession & { email: string }> {
    const email = await this.consumeCode(rawEmail, code, ip)
    return { ...(await this.sessions.create(email, projectId, { method: 'email' })), email }
  }

  /**
   * Checks a login code and burns it (single use even under races); returns
   * the normalized address. Device approval (issue 14) runs between this and
   * the session.
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
    // The account's cap holds across codes: a new code is no new budget (issue 29).
    await this.failures.check(email)
    if (!sameHex(row.code_hash, mac(this.#keys, 'otp', email, code))) {
      await this.failures.record(email)
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
}
