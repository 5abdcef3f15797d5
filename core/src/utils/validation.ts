/**
 * Input validation (SPEC §5). Any input in, a boolean out.
 */
import { NAME_MIN_LENGTH } from '../constants/index.js'

/** RFC 5321 limit on a whole address. */
const EMAIL_MAX_LENGTH = 254
const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/

/**
 * SPEC §5: a valid email is required for connect and update-email. Accepts
 * `local@domain.tld` with an RFC 5322 dot-atom local part (≤64), a domain of
 * at least two labels (each ≤63, no edge hyphens) and a letter TLD of 2+.
 * Quoted local parts and IP-literal domains are refused.
 *
 * @example
 * isValidEmail('ada@example.com') // true
 */
export function isValidEmail(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > EMAIL_MAX_LENGTH) return false
  const at = value.lastIndexOf('@')
  if (at < 1) return false
  const local = value.slice(0, at)
  const labels = value.slice(at + 1).split('.')
  if (local.length > 64 || !EMAIL_LOCAL.test(local)) return false
  if (labels.length < 2 || !labels.every((l) => DOMAIN_LABEL.test(l))) return false
  return /^[A-Za-z]{2,}$/.test(labels[labels.length - 1] ?? '')
}

const NAME_LABEL = /* @__PURE__ */ new RegExp(`^[A-Za-z0-9-]{${NAME_MIN_LENGTH},}$`)

/**
 * SPEC §5: an identity name to register needs at least 4 characters, each a
 * letter, digit or hyphen (the label only, without the zone suffix).
 *
 * @example
 * isValidNameLabel('ada-1') // true
 * isValidNameLabel('ada')   // false
 */
export function isValidNameLabel(value: unknown): value is string {
  return typeof value === 'string' && NAME_LABEL.test(value)
}
