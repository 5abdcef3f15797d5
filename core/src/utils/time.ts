/**
 * Time rules: pairing expiry and the email-login cool-down (SPEC §4, §5, §9).
 * Every function takes `now` (epoch ms) so callers and tests control the clock.
 */
import { EMAIL_LOGIN_COOLDOWN_MS, PAIRING_EXPIRY_MARGIN_MS, PAIRING_TTL_MS } from '../constants/index.js'
import { EmailLoginTooEarlyError } from '../errors/catalogue.js'

/**
 * SPEC §4: a new pairing lasts 4 minutes. Returns the expiry in epoch ms.
 *
 * @example
 * getPairingExpiry(0) // 240000
 */
export function getPairingExpiry(now: number = Date.now()): number {
  return now + PAIRING_TTL_MS
}

/**
 * SPEC §4: a pairing is expired when 10 s or less remain. `expiry` is epoch ms;
 * a missing or non-finite expiry counts as expired.
 *
 * @example
 * isPairingExpired(getPairingExpiry(0), 230_000) // true (exactly 10 s left)
 */
export function isPairingExpired(expiry: number | null | undefined, now: number = Date.now()): boolean {
  if (typeof expiry !== 'number' || !Number.isFinite(expiry)) return true
  return expiry - now <= PAIRING_EXPIRY_MARGIN_MS
}

/**
 * SPEC §5: the remaining email-login wait in whole seconds, rounded up; 0 when
 * there is no stored attempt or the 30 s cool-down has passed. A stored time in
 * the future (clock change) counts as "just now", so the wait never exceeds 30.
 *
 * @example
 * getEmailLoginWait(0, 12_500) // 18
 */
export function getEmailLoginWait(
  lastAttemptMs: number | null | undefined,
  now: number = Date.now(),
): number {
  if (typeof lastAttemptMs !== 'number' || !Number.isFinite(lastAttemptMs)) return 0
  const elapsed = Math.max(0, now - lastAttemptMs)
  const remaining = EMAIL_LOGIN_COOLDOWN_MS - elapsed
  return remaining > 0 ? Math.ceil(remaining / 1000) : 0
}

/**
 * Throws `EmailLoginTooEarlyError` ("Please try again after N seconds") while
 * the cool-down runs; returns otherwise.
 *
 * @example
 * assertEmailLoginAllowed(storage.get('lastEmailLogin'))
 */
export function assertEmailLoginAllowed(
  lastAttemptMs: number | null | undefined,
  now: number = Date.now(),
): void {
  const wait = getEmailLoginWait(lastAttemptMs, now)
  if (wait > 0) throw new EmailLoginTooEarlyError(wait)
}
