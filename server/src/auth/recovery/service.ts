import { ApiError } from '../../http/errors.js'
import { type Database, isUniqueViolation, type Statement } from '../../storage/index.js'
import type { EmbeddedWalletConfig } from '../config.js'
import { type AuthKeys, deriveKeys, seal, unseal } from '../core/crypto.js'
import { RECOVERY_BLOB } from '../core/schemas.js'
import type { AuthSession } from '../core/sessions.js'

export { RECOVERY_BLOB }

/** What an authenticated session gets back: the blob and how many releases are left before the lock. */
export interface RecoveryRelease {
  address: string
  blob: string
  attemptsLeft: number
}

/** SPEC-style too-early text for a locked recovery (N = whole seconds, rounded up). */
export function recoveryLockedMessage(remainingMs: number): string {
  return `Too many wrong passphrases. Please try again after ${Math.ceil(remainingMs / 1000)} seconds`
}

/**
 * Recovery shares (issue 14: "the recovery share encrypted under a passphrase
 * the visitor sets, for a new device"). The gateway cannot test a passphrase
 * (it never has one), so it limits what it can: each release of the blob to
 * a session counts as an attempt; the frame confirms an unlock, which resets
 * the count; `recoveryAttempts` releases without a confirmation lock the row
 * for `recoveryLockMs`. A confirmation is only a reset, never a release, so a
 * dishonest frame gains nothing by sending it.
 */
export class RecoveryService {
  readonly #keys: AuthKeys
  constructor(
    private readonly db: Database,
    private readonly config: EmbeddedWalletConfig,
    private readonly sessionOf: (token: string | undefined) => Promise<AuthSession>,
    private readonly now: () => number = Date.now,
  ) {
    this.#keys = deriveKeys(config.secret)
  }

  /** Stores the recovery blob of the session's wallet, once; 409 when one exists, 409 when the wallet is another. */
  async put(token: string | undefined, body: { address: string; blob: string }): Promise<void> {
    const s = await this.sessionOf(token)
    const [wallet] = await this.db.query<{ address: string }>(
      'SELECT address FROM auth_shares WHERE email = ?',
      [s.email],
    )
    if (!wallet || wallet.address.toLowerCase() !== body.address.toLowerCase())
      throw new ApiError(409, 'wallet_mismatch', 'This session has no wallet with this address')
    const { sql, params } = this.insert(s.email, wallet.address, body.blob)
    try {
      await this.db.query(sql, params)
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ApiError(409, 'recovery_exists', 'This wallet already has a recovery passphrase')
      throw error
    }
  }

  /** The INSERT of a wallet's recovery blob, for a batch that stores the wallet with it (issue 29). */
  insert(email: string, address: string, blob: string): Statement {
    return {
      sql: 'INSERT INTO auth_recovery (email, address, ciphertext, failures, created_at) VALUES (?, ?, ?, 0, ?)',
      params: [email, address, seal(this.#keys, blob, `recovery:${email}`), this.now()],
    }
  }

  /** Whether the session's wallet has a recovery blob (no attempt counted). */
  async has(token: string | undefined): Promise<boolean> {
    const s = await this.sessionOf(token)
    const rows = await this.db.query('SELECT 1 AS one FROM auth_recovery WHERE email = ?', [s.email])
    return rows.length > 0
  }

  /** Releases the blob to a live session, counting one attempt; 404 without one, 429 while locked. */
  async release(token: string | undefined): Promise<RecoveryRelease> {
    const s = await this.sessionOf(token)
    const now = this.now()
    const [row] = await this.db.query<{
      address: string
      ciphertext: string
      failures: number | string
      locked_until: number | string | null
    }>('SELECT address, ciphertext, failures, locked_until FROM auth_recovery WHERE email = ?', [s.email])
    if (!row) throw new ApiError(404, 'no_recovery', 'This wallet has no recovery passphrase')
    const lockedUntil = row.locked_until === null ? 0 : Number(row.locked_until)
    if (lockedUntil > now) throw this.#locked(lockedUntil - now)
    let failures = Number(row.failures)
    if (lockedUntil !== 0) {
      // The lock has run out: a fresh set of attempts.
      await this.db.query('UPDATE auth_recovery SET failures = 0, locked_until = NULL WHERE email = ?', [
        s.email,
      ])
      failures = 0
    }
    // Counted with a condition, so two releases racing cannot both use the last attempt.
    const [changed] = await this.db.batch([
      {
        sql: 'UPDATE auth_recovery SET failures = failures + 1 WHERE email = ? AND failures = ?',
        params: [s.email, failures],
      },
    ])
    if (!changed) throw new ApiError(409, 'recovery_busy', 'Another recovery attempt is under way')
    const left = this.config.recoveryAttempts - failures - 1
    if (left <= 0) {
      await this.db.query('UPDATE auth_recovery SET locked_until = ? WHERE email = ?', [
        now + this.config.recoveryLockMs,
        s.email,
      ])
    }
    return {
      address: row.address,
      blob: unseal(this.#keys, row.ciphertext, `recovery:${s.email}`),
      attemptsLeft: Math.max(0, left),
    }
  }

  /** The frame opened the blob: the attempt count starts again. */
  async confirm(token: string | undefined): Promise<void> {
    const s = await this.sessionOf(token)
    await this.db.query('UPDATE auth_recovery SET failures = 0, locked_until = NULL WHERE email = ?', [
      s.email,
    ])
  }

  #locked(remainingMs: number) {
    return new ApiError(429, 'recovery_locked', recoveryLockedMessage(remainingMs), {
      'retry-after': String(Math.max(1, Math.ceil(remainingMs / 1000))),
    })
  }
}
