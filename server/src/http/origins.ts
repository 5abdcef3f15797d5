/**
 * Whether `origin` matches an allowlist entry: an exact origin, `*` (any), or
 * a pattern where `*` stands for one port or one leading subdomain label
 * (`http://localhost:*`, `https://*.example.com`).
 *
 * @example
 * originAllowed('http://localhost:5173', ['http://localhost:*']) // true
 */
export function originAllowed(origin: string, allowlist: readonly string[]): boolean {
  const o = origin.toLowerCase()
  for (const entry of allowlist) {
    const p = entry.toLowerCase()
    if (p === '*' || p === o) return true
    if (!p.includes('*')) continue
    if (patternToRegExp(p).test(o)) return true
  }
  return false
}

const compiled = new Map<string, RegExp>()
function patternToRegExp(pattern: string): RegExp {
  let re = compiled.get(pattern)
  if (!re) {
    const parts = pattern.split('*').map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    // A port wildcard matches digits only; a host wildcard one DNS label.
    let source = ''
    parts.forEach((part, i) => {
      source += part
      if (i < parts.length - 1) source += part.endsWith(':') ? '[0-9]{1,5}' : '[a-z0-9-]+'
    })
    re = new RegExp(`^${source}$`)
    compiled.set(pattern, re)
  }
  return re
}
