import { ApiError } from '../../http/errors.js'
import { clientKey } from '../../shared/index.js'
import { type Database, type Statement, whenConditionFails } from '../../storage/index.js'
import type { EmbeddedWalletConfig } from '../config.js'
import type { AuthSession } from '../core/sessions.js'
import { noWallet, type ShareStore, type StoredShare } from './store.js'

const DAY = 86_400_000

/** Why the auth share leaves the gateway: for the frame to sign, or to show the visitor the whole key. */
export type ReleasePurpose = 'sign' | 'export'

/** A release refused because the session's authentication is too old for it (SPEC §8 "Session Expired"). */
export const reauthRequired = () => new ApiError(401, 'reauth_required', 'Session Expired')

/**
 * The one path by which an auth share leaves the gateway (issue 29: GET
 * /v1/auth/share no longer bypasses Export's policy). Every release:
 * - needs a recent enough authentication: an export a fresh mailed code
 *   (its caller passes the statement that burns it), a signature a session
 *   logged in at most `shareReauthMs` ago;
 * - is counted per account and per day (`exportsPerDay`, `shareReleasesPerDay`);
 * - is written to the audit table in the same transaction that releases it
 *   (account, wallet, purpose, project, client IP, time), never the share.
 */
export class ShareReleasePolicy {
  constructor(
    private readonly db: Database,
    private readonly config: EmbeddedWalletConfig,
    private readonly shares: ShareStore,
    private readonly now: () => number = Date.now,
  ) {}

  #perDay(purpose: ReleasePurpose): number {
    return purpose === 'export' ? this.config.exportsPerDay : this.config.shareReleasesPerDay
  }

  /** Refuses when the account used up today's releases of this purpose (429 "Rate Limited"). */
  async checkLimit(email: string, purpose: ReleasePurpose): Promise<void> {
    const now = this.now()
    const [row] = await this.db.query<{ n: number | string }>(
      `SELECT COUNT(*) AS n FROM auth_key_exports WHERE email = ? AND exported_at > ? AND ${
        purpose === 'export' ? '(purpose IS NULL OR purpose = ?)' : 'purpose = ?'
      }`,
      [email, now - DAY, purpose],
    )
    if (Number(row?.n ?? 0) >= this.#perDay(purpose))
      throw new ApiError(429, 'rate_limited', 'Rate Limited', { 'retry-after': String(DAY / 1000) })
  }

  /**
   * Releases the session's auth share for `purpose`, recorded. `proof` are the
   * statements that burn the fresh re-authentication (an export's code): they
   * run in the same transaction, and a proof already burnt refuses the release.
   */
  async release(
    session: AuthSession,
    purpose: ReleasePurpose,
    ip: string,
    proof: { statements: Statement[]; spent: () => ApiError } | undefined,
  ): Promise<StoredShare> {
    const now = this.now()
    if (purpose === 'export' && !proof) throw reauthRequired()
    if (purpose === 'sign' && session.createdAt + this.config.shareReauthMs <= now) throw reauthRequired()
    await this.checkLimit(session.email, purpose)
    const share = await this.shares.get(session.email)
    if (!share) throw noWallet()
    const audit: Statement = {
      sql: 'INSERT INTO auth_key_exports (email, address, project_id, ip, exported_at, purpose) VALUES (?, ?, ?, ?, ?, ?)',
      params: [session.email, share.address, session.projectId, clientKey(ip), now, purpose],
    }
    const batch = this.db.batch([...(proof?.statements ?? []), audit])
    await (proof ? batch.catch(whenConditionFails(proof.spent)) : batch)
    return share
  }
}
