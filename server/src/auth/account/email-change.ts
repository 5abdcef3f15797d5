import { ApiError } from '../../http/errors.js'
import { clientKey, type RateLimitStore } from '../../shared/index.js'
import { type Database, type Statement, whenConditionFails } from '../../storage/index.js'
import type { EmbeddedWalletConfig } from '../config.js'
import { checkCode, codeExpired, cooldown, cooldownMessage, normalizeEmail } from '../core/codes.js'
import { type AuthKeys, deriveKeys, mac, newCode, seal, unseal } from '../core/crypto.js'
import type { AccountFailures } from '../core/failures.js'
import type { CodeMailer } from '../core/mailer.js'
import type { SessionStore } from '../core/sessions.js'

const HOUR = 3_600_000

/** Where an email change stands after a step. */
export type EmailChangeStep =
  | { stage: 'old' | 'new'; expiresAt: number; resendAfter: number }
  | { stage: 'done'; email: string; oldAddressNotified: boolean }

/**
 * Update email (issue 14): a code to the current address, then a code to the
 * new one; only both move the account (its auth share and recovery share are
 * sealed again under the new address, its known devices follow), every other
 * session is revoked and the old address is told (issue 29). Email logins only: a social account's name
 * comes from its provider.
 */
export class EmailChangeService {
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

  async #session(token: string | undefined) {
    const s = await this.sessions.session(token)
    if (s.method !== null && s.method !== 'email')
      throw new ApiError(403, 'email_login_only', 'Only an email login can change its email')
    return s
  }

  async #limitIp(ip: string) {
    const r = await this.limits.hit(`auth-email:ip:${clientKey(ip)}`, this.config.perIpPerHour, HOUR)
    if (!r.allowed) throw new ApiError(429, 'rate_limited', 'Rate Limited')
  }

  async #taken(email: string): Promise<boolean> {
    for (const table of ['auth_shares', 'auth_sessions', 'auth_email_changes'] as const) {
      const column = table === 'auth_email_changes' ? 'new_email' : 'email'
      const rows = await this.db.query(`SELECT 1 AS x FROM ${table} WHERE ${column} = ? LIMIT 1`, [email])
      if (rows.length) return true
    }
    return false
  }

  async #mail(to: string, stage: 'old' | 'new', from: string, newEmail: string, now: number) {
    const code = newCode()
    const expiresAt = now + this.config.codeTtlMs
    await this.db.batch([
      { sql: 'DELETE FROM auth_email_changes WHERE email = ?', params: [from] },
      {
        sql: 'INSERT INTO auth_email_changes (email, new_email, stage, code_hash, attempts, expires_at, sent_at) VALUES (?, ?, ?, ?, 0, ?, ?)',
        params: [
          from,
          newEmail,
          stage,
          mac(this.#keys, 'change', stage, from, newEmail, code),
          expiresAt,
          now,
        ],
      },
    ])
    try {
      await this.mailer.sendCode(to, code, 'email-change')
    } catch (error) {
      await this.db.query('DELETE FROM auth_email_changes WHERE email = ?', [from])
      throw Object.assign(new ApiError(502, 'mail_failed', 'The code could not be mailed'), { cause: error })
    }
    return { stage, expiresAt, resendAfter: now + this.config.resendCooldownMs }
  }

  /** Step 1: the new address (SPEC validation; not the current one; not another account's) → a code to the current address. */
  async start(token: string | undefined, rawNewEmail: string, ip: string): Promise<EmailChangeStep> {
    const s = await this.#session(token)
    const newEmail = normalizeEmail(rawNewEmail)
    if (newEmail === s.email) throw new ApiError(400, 'email_same', 'This is already your email')
    await this.#limitIp(ip)
    const now = this.now()
    const [last] = await this.db.query<{ sent_at: number | string }>(
      'SELECT sent_at FROM auth_email_changes WHERE email = ?',
      [s.email],
    )
    cooldown(last ? Number(last.sent_at) : undefined, this.config.resendCooldownMs, now, cooldownMessage)
    if (await this.#taken(newEmail)) throw new ApiError(409, 'email_taken', 'This email is already in use')
    const perEmail = await this.limits.hit(`auth-email:to:${s.email}`, this.config.perEmailPerHour, HOUR)
    if (!perEmail.allowed) throw new ApiError(429, 'rate_limited', 'Rate Limited')
    return this.#mail(s.email, 'old', s.email, newEmail, now)
  }

  /** Step 2 (code of the current address → a code to the new one) and step 3 (code of the new address → moved). */
  async verify(token: string | undefined, code: string, ip: string): Promise<EmailChangeStep> {
    const s = await this.#session(token)
    await this.#limitIp(ip)
    const now = this.now()
    const [row] = await this.db.query<{ new_email: string; stage: string }>(
      'SELECT new_email, stage FROM auth_email_changes WHERE email = ?',
      [s.email],
    )
    if (!row || (row.stage !== 'old' && row.stage !== 'new')) throw codeExpired()
    const stage = row.stage
    await checkCode(
      this.db,
      this.#keys,
      'auth_email_changes',
      s.email,
      ['change', stage, s.email, row.new_email, code],
      this.config.maxAttempts,
      now,
      this.failures,
    )
    if (stage === 'old') {
      const perEmail = await this.limits.hit(
        `auth-email:to:${row.new_email}`,
        this.config.perEmailPerHour,
        HOUR,
      )
      if (!perEmail.allowed) throw new ApiError(429, 'rate_limited', 'Rate Limited')
      return this.#mail(row.new_email, 'new', s.email, row.new_email, now)
    }
    await this.#move(s.email, row.new_email, s.tokenHash)
    return {
      stage: 'done',
      email: row.new_email,
      oldAddressNotified: await this.#notify(s.email, row.new_email),
    }
  }

  /**
   * "Send a new code" in either code stage: that stage's code again, to the
   * same address, once SPEC's 30 s have passed since the last one (the same
   * 429 and text as the email login). The new code replaces the old one, so
   * only the latest mail works, and its tries start over. `stage` is the
   * stage the view shows: a change that moved on meanwhile (another tab) is
   * refused instead of mailing an address the visitor did not expect.
   */
  async resend(token: string | undefined, stage: 'old' | 'new', ip: string): Promise<EmailChangeStep> {
    const s = await this.#session(token)
    await this.#limitIp(ip)
    const now = this.now()
    const [row] = await this.db.query<{ new_email: string; stage: string; sent_at: number | string }>(
      'SELECT new_email, stage, sent_at FROM auth_email_changes WHERE email = ?',
      [s.email],
    )
    if (!row) throw new ApiError(404, 'change_unknown', 'No email change is waiting. Start again.')
    if (row.stage !== stage)
      throw new ApiError(409, 'change_moved', 'This step of the email change is already done')
    const sentAt = Number(row.sent_at)
    cooldown(sentAt, this.config.resendCooldownMs, now, cooldownMessage)
    const to = stage === 'old' ? s.email : row.new_email
    const perEmail = await this.limits.hit(`auth-email:to:${to}`, this.config.perEmailPerHour, HOUR)
    if (!perEmail.allowed) throw new ApiError(429, 'rate_limited', 'Rate Limited')
    // Claimed with a condition on the last send time: of two resends racing, one mails and the
    // other is told to wait the whole cool-down (the winner's code was just sent).
    const full = this.config.resendCooldownMs
    await this.db
      .batch([
        {
          sql: 'UPDATE auth_email_changes SET sent_at = ? WHERE email = ? AND stage = ? AND sent_at = ?',
          params: [now, s.email, stage, sentAt],
          expectChanges: 1,
        },
      ])
      .catch(
        whenConditionFails(
          () =>
            new ApiError(429, 'email_cooldown', cooldownMessage(full), {
              'retry-after': String(Math.ceil(full / 1000)),
            }),
        ),
      )
    return this.#mail(to, stage, s.email, row.new_email, now)
  }

  /** Moves every row of the account to the new address in one transaction; a taken address refuses it. */
  /**
   * Tells the old address that the account moved (issue 29), so a takeover
   * cannot pass silently. The move is done either way; the answer says
   * whether the notice went out.
   */
  async #notify(oldEmail: string, newEmail: string): Promise<boolean> {
    if (!this.mailer.sendEmailChanged) return false
    try {
      await this.mailer.sendEmailChanged(oldEmail, newEmail)
      return true
    } catch (error) {
      console.warn('[portico auth] the email-change notice could not be mailed', error)
      return false
    }
  }

  /** Moves the account; every session but the one that made the change is revoked (issue 29). */
  async #move(from: string, to: string, keepTokenHash: string) {
    for (const table of ['auth_shares', 'auth_sessions'] as const) {
      const rows = await this.db.query(`SELECT 1 AS x FROM ${table} WHERE email = ? LIMIT 1`, [to])
      if (rows.length) throw new ApiError(409, 'email_taken', 'This email is already in use')
    }
    const statements: Statement[] = [
      { sql: 'DELETE FROM auth_email_changes WHERE email = ?', params: [from], expectChanges: 1 },
    ]
    const [share] = await this.db.query<{ share_ciphertext: string }>(
      'SELECT share_ciphertext FROM auth_shares WHERE email = ?',
      [from],
    )
    if (share)
      statements.push({
        sql: 'UPDATE auth_shares SET email = ?, share_ciphertext = ? WHERE email = ?',
        params: [to, seal(this.#keys, unseal(this.#keys, share.share_ciphertext, from), to), from],
        expectChanges: 1,
      })
    const [recovery] = await this.db.query<{ ciphertext: string }>(
      'SELECT ciphertext FROM auth_recovery WHERE email = ?',
      [from],
    )
    if (recovery)
      statements.push({
        sql: 'UPDATE auth_recovery SET email = ?, ciphertext = ? WHERE email = ?',
        params: [
          to,
          seal(this.#keys, unseal(this.#keys, recovery.ciphertext, `recovery:${from}`), `recovery:${to}`),
          from,
        ],
        expectChanges: 1,
      })
    statements.push(
      {
        sql: 'UPDATE auth_sessions SET revoked_at = ? WHERE email = ? AND token_hash <> ? AND revoked_at IS NULL',
        params: [this.now(), from, keepTokenHash],
      },
      { sql: 'UPDATE auth_sessions SET email = ? WHERE email = ?', params: [to, from] },
      { sql: 'UPDATE auth_devices SET email = ? WHERE email = ?', params: [to, from] },
      { sql: 'DELETE FROM auth_device_logins WHERE email = ?', params: [from] },
      { sql: 'DELETE FROM auth_email_codes WHERE email IN (?, ?)', params: [from, to] },
      { sql: 'DELETE FROM auth_reauth_codes WHERE email = ?', params: [from] },
    )
    await this.db.batch(statements).catch((error: unknown) => {
      throw Object.assign(new ApiError(409, 'email_taken', 'This email is already in use'), { cause: error })
    })
  }
}
