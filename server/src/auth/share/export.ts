import { ApiError } from '../../http/errors.js'
import { clientKey, type RateLimitStore } from '../../shared/index.js'
import type { Database } from '../../storage/index.js'
import type { EmbeddedWalletConfig } from '../config.js'
import { checkCode, codeExpired, cooldown, cooldownMessage } from '../core/codes.js'
import { type AuthKeys, deriveKeys, mac, newCode } from '../core/crypto.js'
import type { AccountFailures } from '../core/failures.js'
import type { CodeMailer } from '../core/mailer.js'
import type { SessionStore } from '../core/sessions.js'
import type { ShareReleasePolicy } from './policy.js'
import type { StoredShare } from './store.js'

const HOUR = 3_600_000

/**
 * Private-key export (issue 14). A live session is not enough: the visitor
 * proves the mailbox again with a fresh code (mailed for this purpose, so a
 * login code cannot be replayed), and only then does the gateway release the
 * auth share for the frame to reassemble the key in its own window. Each
 * export is recorded (account, address, project, client IP, time) and at most
 * `exportsPerDay` are allowed per account.
 */
export class KeyExportService {
  readonly #keys: AuthKeys

  constructor(
    private readonly db: Database,
    private readonly config: EmbeddedWalletConfig,
    private readonly mailer: CodeMailer,
    private readonly limits: RateLimitStore,
    private readonly sessions: SessionStore,
    private readonly policy: ShareReleasePolicy,
    private readonly failures: AccountFailures,
    private readonly now: () => number = Date.now,
  ) {
    this.#keys = deriveKeys(config.secret)
  }

  async #session(token: string | undefined) {
    const s = await this.sessions.session(token)
    if (s.method !== null && s.method !== 'email')
      throw new ApiError(403, 'reauth_unavailable', 'Log in with email again to export the key')
    return s
  }

  /** Mails the re-authentication code for an export to the session's address. */
  async requestCode(
    token: string | undefined,
    ip: string,
  ): Promise<{ expiresAt: number; resendAfter: number }> {
    const s = await this.#session(token)
    const ipLimit = await this.limits.hit(`auth-email:ip:${clientKey(ip)}`, this.config.perIpPerHour, HOUR)
    if (!ipLimit.allowed) throw new ApiError(429, 'rate_limited', 'Rate Limited')
    const now = this.now()
    await this.policy.checkLimit(s.email, 'export')
    const [last] = await this.db.query<{ sent_at: number | string }>(
      'SELECT sent_at FROM auth_reauth_codes WHERE email = ?',
      [s.email],
    )
    cooldown(last ? Number(last.sent_at) : undefined, this.config.resendCooldownMs, now, cooldownMessage)
    const code = newCode()
    const expiresAt = now + this.config.codeTtlMs
    await this.db.batch([
      { sql: 'DELETE FROM auth_reauth_codes WHERE email = ?', params: [s.email] },
      {
        sql: 'INSERT INTO auth_reauth_codes (email, code_hash, attempts, expires_at, sent_at) VALUES (?, ?, 0, ?, ?)',
        params: [s.email, mac(this.#keys, 'export', s.email, code), expiresAt, now],
      },
    ])
    try {
      await this.mailer.sendCode(s.email, code, 'export')
    } catch (error) {
      await this.db.query('DELETE FROM auth_reauth_codes WHERE email = ?', [s.email])
      throw Object.assign(new ApiError(502, 'mail_failed', 'The code could not be mailed'), { cause: error })
    }
    return { expiresAt, resendAfter: now + this.config.resendCooldownMs }
  }

  /** The fresh code (once) → the auth share, for the frame only; the export is recorded. */
  async export(token: string | undefined, code: string, ip: string): Promise<StoredShare> {
    const s = await this.#session(token)
    const now = this.now()
    await this.policy.checkLimit(s.email, 'export')
    const row = await checkCode(
      this.db,
      this.#keys,
      'auth_reauth_codes',
      s.email,
      ['export', s.email, code],
      this.config.maxAttempts,
      now,
      this.failures,
    )
    // The code is burnt in the release's own transaction: one code, one export.
    return this.policy.release(s, 'export', ip, {
      statements: [
        {
          sql: 'DELETE FROM auth_reauth_codes WHERE email = ? AND code_hash = ?',
          params: [s.email, row.code_hash],
          expectChanges: 1,
        },
      ],
      spent: codeExpired,
    })
  }
}
