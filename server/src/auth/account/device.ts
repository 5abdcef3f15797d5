import type { ProjectConfig } from '../../config/index.js'
import { ApiError } from '../../http/errors.js'
import type { RateLimitStore } from '../../shared/index.js'
import { type Database, whenConditionFails } from '../../storage/index.js'
import type { EmbeddedWalletConfig } from '../config.js'
import { cooldownMessage } from '../core/codes.js'
import { type AuthKeys, deriveKeys, mac, newToken } from '../core/crypto.js'
import type { CodeMailer } from '../core/mailer.js'
import { DEVICE_ID } from '../core/schemas.js'
import type { SessionStore } from '../core/sessions.js'

const HOUR = 3_600_000

export { DEVICE_ID }

const TOKEN = /^[A-Za-z0-9_-]{43}$/

/** What the login step after a right code gives: a session, or a wait for the mailed device link. */
export type LoginOutcome =
  | { status: 'connected'; token: string; expiresAt: number; email: string }
  | { status: 'device_approval'; pendingToken: string; expiresAt: number; resendAfter: number; email: string }

/** The state of a pending login as the waiting modal polls it. */
export type PendingState =
  | { status: 'waiting'; expiresAt: number; resendAfter: number }
  | { status: 'connected'; token: string; expiresAt: number; email: string }

const expired = () => new ApiError(410, 'link_expired', 'This approval link has expired. Log in again.')

/**
 * Device approval (issue 14, EmailVerifyDevice). Every email login names the
 * frame's device id; a device the account has used before connects at once.
 * With `deviceApproval` on, an unseen device of an account that already has
 * a wallet waits: a one-time link (15 minutes, single use, bound to this
 * pending login) is mailed, and the frame polls with a pending token only it
 * holds. A brand-new account's first device needs no link: the code just
 * proved the mailbox and there is no key to protect yet.
 */
export class DeviceApprovalService {
  readonly #keys: AuthKeys

  constructor(
    private readonly db: Database,
    private readonly config: EmbeddedWalletConfig,
    private readonly mailer: CodeMailer,
    private readonly limits: RateLimitStore,
    private readonly sessions: SessionStore,
    /** The public base URL of the signer origin (the link's host). */
    private readonly signerUrl: () => string | undefined,
    private readonly now: () => number = Date.now,
    /** Per-project `embeddedWallet.deviceApproval`; a project without it follows the gateway's. */
    private readonly projects: readonly ProjectConfig[] = [],
  ) {
    this.#keys = deriveKeys(config.secret)
  }

  /** Whether `projectId`'s logins need the mailed link on an unseen device (the project's setting, else the gateway's). */
  required(projectId: string): boolean {
    const own = this.projects.find((p) => p.id === projectId)?.embeddedWallet?.deviceApproval
    return own ?? this.config.deviceApproval
  }

  // Not bound to the email, so a device stays known when the account changes its email.
  #device(deviceId: string) {
    return mac(this.#keys, 'device', deviceId)
  }

  /** The login step after `consumeCode`: a session, or a pending login that waits for the mailed link. */
  async afterCode(email: string, projectId: string, deviceId: string | undefined): Promise<LoginOutcome> {
    const now = this.now()
    const required = this.required(projectId)
    if (!deviceId) {
      if (required) throw new ApiError(400, 'device_id_required', 'A device id is required')
      return { status: 'connected', ...(await this.#open(email, projectId)) }
    }
    const deviceHash = this.#device(deviceId)
    const [known] = await this.db.query<{ email: string }>(
      'SELECT email FROM auth_devices WHERE email = ? AND device_hash = ?',
      [email, deviceHash],
    )
    const [wallet] = await this.db.query<{ email: string }>('SELECT email FROM auth_shares WHERE email = ?', [
      email,
    ])
    if (known || !wallet || !required) {
      await this.#remember(email, deviceHash, now)
      return { status: 'connected', ...(await this.#open(email, projectId)) }
    }
    const pendingToken = newToken()
    const linkToken = newToken()
    const expiresAt = now + this.config.deviceLinkTtlMs
    await this.db.query(
      `INSERT INTO auth_device_logins (pending_hash, link_hash, email, project_id, device_hash, expires_at, sent_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [
        mac(this.#keys, 'pending', pendingToken),
        mac(this.#keys, 'link', linkToken),
        email,
        projectId,
        deviceHash,
        expiresAt,
        now,
      ],
    )
    await this.#mail(email, linkToken)
    return {
      status: 'device_approval',
      pendingToken,
      expiresAt,
      resendAfter: now + this.config.resendCooldownMs,
      email,
    }
  }

  async #open(email: string, projectId: string) {
    return { ...(await this.sessions.create(email, projectId, { method: 'email' })), email }
  }

  async #remember(email: string, deviceHash: string, now: number) {
    const changed = await this.db.batch([
      {
        sql: 'UPDATE auth_devices SET last_seen_at = ? WHERE email = ? AND device_hash = ?',
        params: [now, email, deviceHash],
      },
    ])
    if (!changed[0])
      await this.db.query(
        'INSERT INTO auth_devices (email, device_hash, created_at, last_seen_at) VALUES (?, ?, ?, ?)',
        [email, deviceHash, now, now],
      )
  }

  async #mail(email: string, linkToken: string) {
    const base = this.signerUrl()
    if (!this.mailer.sendDeviceLink || !base)
      throw new ApiError(503, 'mail_failed', 'The approval link could not be mailed')
    const url = `${base}/v1/auth/device/approve?token=${linkToken}`
    try {
      await this.mailer.sendDeviceLink(email, url, this.config.deviceLinkTtlMs)
    } catch (error) {
      throw Object.assign(new ApiError(502, 'mail_failed', 'The approval link could not be mailed'), {
        cause: error,
      })
    }
  }

  async #pending(pendingToken: string) {
    if (!TOKEN.test(pendingToken)) throw new ApiError(404, 'pending_unknown', 'No such login is waiting')
    const [row] = await this.db.query<{
      pending_hash: string
      email: string
      project_id: string
      expires_at: number | string
      sent_at: number | string
      approved_at: unknown
      consumed_at: unknown
    }>(
      'SELECT pending_hash, email, project_id, expires_at, sent_at, approved_at, consumed_at FROM auth_device_logins WHERE pending_hash = ?',
      [mac(this.#keys, 'pending', pendingToken)],
    )
    if (!row || row.consumed_at !== null)
      throw new ApiError(404, 'pending_unknown', 'No such login is waiting')
    return row
  }

  /** The waiting modal's poll: still waiting, or (once) the session of the approved login. */
  async poll(pendingToken: string): Promise<PendingState> {
    const row = await this.#pending(pendingToken)
    const now = this.now()
    if (row.approved_at === null) {
      if (Number(row.expires_at) <= now) throw expired()
      return {
        status: 'waiting',
        expiresAt: Number(row.expires_at),
        resendAfter: Number(row.sent_at) + this.config.resendCooldownMs,
      }
    }
    // Consumed with a condition: two polls racing cannot both get a session.
    await this.db
      .batch([
        {
          sql: 'UPDATE auth_device_logins SET consumed_at = ? WHERE pending_hash = ? AND consumed_at IS NULL',
          params: [now, row.pending_hash],
          expectChanges: 1,
        },
      ])
      .catch(whenConditionFails(() => new ApiError(404, 'pending_unknown', 'No such login is waiting')))
    return { status: 'connected', ...(await this.#open(row.email, row.project_id)) }
  }

  /** Mails a new link (the old one stops working) after the 30 s cool-down; the 15 minutes start again. */
  async resend(pendingToken: string): Promise<{ expiresAt: number; resendAfter: number }> {
    const row = await this.#pending(pendingToken)
    if (row.approved_at !== null) throw new ApiError(409, 'link_used', 'This device is already approved')
    const now = this.now()
    const wait = Number(row.sent_at) + this.config.resendCooldownMs - now
    if (wait > 0)
      throw new ApiError(429, 'email_cooldown', cooldownMessage(wait), {
        'retry-after': String(Math.ceil(wait / 1000)),
      })
    const perEmail = await this.limits.hit(`auth-email:to:${row.email}`, this.config.perEmailPerHour, HOUR)
    if (!perEmail.allowed) throw new ApiError(429, 'rate_limited', 'Rate Limited')
    const linkToken = newToken()
    const expiresAt = now + this.config.deviceLinkTtlMs
    await this.db.query(
      'UPDATE auth_device_logins SET link_hash = ?, expires_at = ?, sent_at = ? WHERE pending_hash = ?',
      [mac(this.#keys, 'link', linkToken), expiresAt, now, row.pending_hash],
    )
    await this.#mail(row.email, linkToken)
    return { expiresAt, resendAfter: now + this.config.resendCooldownMs }
  }

  /** Opening the mailed link (and pressing Approve): approves exactly the pending login it was mailed for, once. */
  async approve(linkToken: string): Promise<{ email: string }> {
    if (!TOKEN.test(linkToken)) throw new ApiError(404, 'link_unknown', 'This approval link is not valid')
    const [row] = await this.db.query<{
      pending_hash: string
      email: string
      device_hash: string
      expires_at: number | string
      approved_at: unknown
    }>(
      'SELECT pending_hash, email, device_hash, expires_at, approved_at FROM auth_device_logins WHERE link_hash = ?',
      [mac(this.#keys, 'link', linkToken)],
    )
    if (!row) throw new ApiError(404, 'link_unknown', 'This approval link is not valid')
    if (row.approved_at !== null) throw new ApiError(409, 'link_used', 'This approval link was already used')
    const now = this.now()
    if (Number(row.expires_at) <= now) throw expired()
    await this.db
      .batch([
        {
          sql: 'UPDATE auth_device_logins SET approved_at = ? WHERE pending_hash = ? AND approved_at IS NULL',
          params: [now, row.pending_hash],
          expectChanges: 1,
        },
      ])
      .catch(whenConditionFails(() => new ApiError(409, 'link_used', 'This approval link was already used')))
    await this.#remember(row.email, row.device_hash, now)
    return { email: row.email }
  }
}
