/** Longest permissions summary shown on a row (the full grant is the wallet's business). */
export const MAX_SUMMARY_CHARS = 120

/**
 * A one-line text of a session's permissions as the gateway stored them
 * (untrusted JSON): `key: value` pairs, nested values as compact JSON, cut
 * at MAX_SUMMARY_CHARS with an ellipsis. Empty when there is nothing.
 */
export function summarizePermissions(permissions: unknown): string {
  if (permissions === null || permissions === undefined) return ''
  let text: string
  if (typeof permissions === 'object' && !Array.isArray(permissions)) {
    text = Object.entries(permissions as Record<string, unknown>)
      .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
      .join(', ')
  } else {
    text = typeof permissions === 'string' ? permissions : JSON.stringify(permissions)
  }
  return text.length > MAX_SUMMARY_CHARS ? `${text.slice(0, MAX_SUMMARY_CHARS - 1)}…` : text
}
