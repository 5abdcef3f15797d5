/**
 * Log redaction for URLs. RPC providers put API keys in the URL (path,
 * query or user-info), and viem repeats the RPC URL in its error messages,
 * `url` fields and stacks; those errors reach the warn log. Every string
 * that goes into a log line's `err` passes through here.
 */

const URL_IN_TEXT = /\b(?:https?|wss?):\/\/[^\s"'<>`]+/gi

/**
 * Replaces the configured RPC URLs by a label, then cuts every other URL
 * down to its scheme and host (no user-info, path or query).
 *
 * @example
 * redactUrls('URL: https://mainnet.infura.io/v3/KEY') // 'URL: https://mainnet.infura.io/…'
 */
export function redactUrls(text: string, known: ReadonlyMap<string, string> = new Map()): string {
  let out = text
  for (const [url, label] of known) if (url && out.includes(url)) out = out.split(url).join(label)
  return out.replace(URL_IN_TEXT, (match) => {
    try {
      const u = new URL(match)
      const trimmed = `${u.protocol}//${u.host}`
      return u.pathname === '/' && !u.search && !u.username && !u.password && !u.hash
        ? trimmed
        : `${trimmed}/…`
    } catch {
      return '<url>'
    }
  })
}

/** `redactUrls` over every string in a (serialized) value, depth-limited. */
export function redactDeep(value: unknown, known: ReadonlyMap<string, string>, depth = 0): unknown {
  if (typeof value === 'string') return redactUrls(value, known)
  if (depth > 6 || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, known, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) out[k] = redactDeep(v, known, depth + 1)
  return out
}
