import { isValidEmail } from '@portico/core'
import { ApiError } from '../../http/errors.js'
import type { Database } from '../../storage/index.js'
import { type AuthKeys, mac, sameHex } from './crypto.js'
import type { AccountFailures } from './failures.js'

/** SPEC §8 too-early email login text (N = remaining whole seconds, rounded up). */
export function cooldownMessage(remainingMs: number): string {
  return `Please try again after ${Math.ceil(remainingMs / 1000)} seconds`
}

/** Lower-cased, trimmed; refused unless SPEC §5 valid ("A valid email is required") and at most 254 characters. */
export function normalizeEmail(email: string): string {
  const e = email.trim().toLowerCase()
  if (e.length > 254 || !isValidEmail(e))
    throw new ApiError(400, 'invalid_email', 'A valid email is required')
  return e
}

export const codeExpired = () =>
  new ApiError(400, 'code_expired', 'This code has expired. Ask for a new one.')
const exceeded = () => new ApiError(429, 'code_attempts_exceeded', 'Too many wrong codes. Ask for a new one.')

/**
 * Checks a hashed one-time code in `table` (row keyed by `email`, columns
 * code_hash / attempts / expires_at) the way login codes are checked: expiry,
 * at most `maxAttempts` wrong tries counted under a condition, then refused.
 */
export async function checkCode(
  db: Database,
  keys: AuthKeys,
  table: 'auth_email_changes' | 'auth_reauth_codes',
  email: string,
  macParts: string[],
  maxAttempts: number,
  now: number,
  /** The account's wrong codes across codes (issue 29). */
  failures: AccountFailures,
): Promise<{ code_hash: string }> {
  await failures.check(email)
  const [row] = await db.query<{ code_hash: string; attempts: number | string; expires_at: number | string }>(
    `SELECT code_hash, attempts, expires_at FROM ${table} WHERE email = ?`,
    [email],
  )
  if (!row || Number(row.expires_at) <= now) throw codeExpired()
  const attempts = Number(row.attempts)
  if (attempts >= maxAttempts) throw exceeded()
  if (!sameHex(row.code_hash, mac(keys, ...macParts))) {
    await failures.record(email)
    const [changed] = await db.batch([
      {
        sql: `UPDATE ${table} SET attempts = attempts + 1 WHERE email = ? AND attempts < ?`,
        params: [email, maxAttempts],
      },
    ])
    const left = maxAttempts - attempts - 1
    if (!changed || left <= 0) throw exceeded()
    throw new ApiError(401, 'invalid_code', `Wrong code. ${left} ${left === 1 ? 'try' : 'tries'} left.`)
  }
  return row
}

/** Refuses a second code to the same account inside the cool-down (SPEC §8 text). */
export function cooldown(
  sentAt: number | undefined,
  cooldownMs: number,
  now: number,
  message: (ms: number) => string,
) {
  if (sentAt === undefined) return
  const wait = sentAt + cooldownMs - now
  if (wait > 0)
    throw new ApiError(429, 'email_cooldown', message(wait), {
      'retry-after': String(Math.ceil(wait / 1000)),
    })
}
