import { ApiError } from '../../http/errors.js'
import type { Database } from '../../storage/index.js'

/** SPEC-style too-early text for an account whose wrong codes hit the cap (N = whole seconds, rounded up). */
export function failuresLockedMessage(remainingMs: number): string {
  return `Too many wrong codes. Please try again after ${Math.ceil(remainingMs / 1000)} seconds`
}

/**
 * Wrong codes per account, across codes (issue 29): asking for a new code
 * gives a new code its own tries, never the account a fresh budget. Once
 * `cap` wrong codes fell inside `windowMs`, every code of the account (login,
 * email change, export) is refused until the window runs out.
 */
export class AccountFailures {
  constructor(
    private readonly db: Database,
    private readonly limits: { cap: number; windowMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  #locked(windowStart: number, now: number) {
    const wait = windowStart + this.limits.windowMs - now
    return new ApiError(429, 'account_code_attempts_exceeded', failuresLockedMessage(wait), {
      'retry-after': String(Math.max(1, Math.ceil(wait / 1000))),
    })
  }

  /** Refuses (429) while the account is at its cap. */
  async check(email: string): Promise<void> {
    const now = this.now()
    const [row] = await this.db.query<{ failures: number | string; window_start: number | string }>(
      'SELECT failures, window_start FROM auth_code_failures WHERE email = ?',
      [email],
    )
    if (!row) return
    const start = Number(row.window_start)
    if (start + this.limits.windowMs > now && Number(row.failures) >= this.limits.cap)
      throw this.#locked(start, now)
  }

  /** Counts one wrong code (atomically, a new window once the old one ran out); refuses when it reached the cap. */
  async record(email: string): Promise<void> {
    const now = this.now()
    const expired = now - this.limits.windowMs
    await this.db.query(
      `INSERT INTO auth_code_failures (email, failures, window_start) VALUES (?, 1, ?)
       ON CONFLICT (email) DO UPDATE SET
         failures = CASE WHEN auth_code_failures.window_start <= ? THEN 1 ELSE auth_code_failures.failures + 1 END,
         window_start = CASE WHEN auth_code_failures.window_start <= ? THEN ? ELSE auth_code_failures.window_start END`,
      [email, now, expired, expired, now],
    )
    await this.check(email)
  }
}
