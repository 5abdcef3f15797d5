import type { SeedWallet } from './directory.js'

/** A native app scheme (`metamask://…`): RFC 3986 scheme syntax, then `://`. */
const NATIVE_SCHEME = /^([a-z][a-z0-9+.-]*):\/\//
/** Schemes that run code or read local data in the browser: never a wallet link. */
const FORBIDDEN_SCHEMES = new Set(['javascript', 'data', 'vbscript', 'file', 'blob', 'http', 'https'])
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f]/

/** Whether `value` is an https URL with a host (a universal link, a web app, a homepage). */
export function isHttpsLink(value: string): boolean {
  if (CONTROL_OR_SPACE.test(value)) return false
  try {
    const u = new URL(value)
    return u.protocol === 'https:' && u.hostname !== '' && u.username === '' && u.password === ''
  } catch {
    return false
  }
}

/**
 * Whether `value` is a deep link a wallet entry may carry: a native scheme
 * (`[a-z][a-z0-9+.-]*://`, not javascript/data/vbscript/file/blob) or an
 * https universal link. Everything else is refused, case and whitespace
 * tricks included (`JavaScript://`, ` javascript://`, `java\tscript://`).
 *
 * @example
 * isDeepLink('metamask://') // true
 * isDeepLink('javascript://%0Aalert(1)') // false
 */
export function isDeepLink(value: string): boolean {
  if (CONTROL_OR_SPACE.test(value) || value.length > 512) return false
  if (isHttpsLink(value)) return true
  const m = NATIVE_SCHEME.exec(value)
  return m !== null && !FORBIDDEN_SCHEMES.has(m[1]!)
}

const ID = /^[a-z0-9-]{1,64}$/
const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/
const RDNS = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/

/** Why a directory entry is unusable, or undefined when it is fine. */
export function walletProblem(raw: unknown): string | undefined {
  if (typeof raw !== 'object' || raw === null) return 'not an object'
  const w = raw as Partial<Record<keyof SeedWallet, unknown>>
  if (typeof w.id !== 'string' || !ID.test(w.id)) return 'id must be 1-64 of a-z, 0-9, -'
  if (
    typeof w.name !== 'string' ||
    w.name.length === 0 ||
    w.name.length > 100 ||
    CONTROL_OR_SPACE.test(w.name.replace(/ /g, ''))
  )
    return 'name must be 1-100 printable characters'
  if (w.rdns !== null && (typeof w.rdns !== 'string' || !RDNS.test(w.rdns))) return 'rdns is not reverse-DNS'
  if (w.homepage !== null && (typeof w.homepage !== 'string' || !isHttpsLink(w.homepage)))
    return 'homepage must be an https URL'
  for (const key of ['mobile_link', 'desktop_link'] as const) {
    const v = w[key]
    if (v !== null && (typeof v !== 'string' || !isDeepLink(v)))
      return `${key} must be a native scheme (not javascript/data/vbscript/file/blob) or an https link`
  }
  if (w.webapp_link !== null && (typeof w.webapp_link !== 'string' || !isHttpsLink(w.webapp_link)))
    return 'webapp_link must be an https URL'
  if (!Array.isArray(w.chains) || w.chains.some((c) => typeof c !== 'string' || !CAIP2.test(c)))
    return 'chains must be CAIP-2 ids'
  if (typeof w.certified !== 'boolean') return 'certified must be a boolean'
  if (typeof w.color !== 'string' || !/^#[0-9a-fA-F]{6}$/.test(w.color)) return 'color must be #rrggbb'
  return undefined
}

/**
 * The usable entries of a wallet list: each bad one (a `javascript:` deep
 * link, a non-https web app…) is dropped and reported through `onDrop`.
 */
export function validWallets(
  raw: readonly unknown[],
  onDrop: (id: string, problem: string) => void,
): SeedWallet[] {
  const out: SeedWallet[] = []
  for (const entry of raw) {
    const problem = walletProblem(entry)
    if (problem === undefined) out.push(entry as SeedWallet)
    else {
      const id = (entry as { id?: unknown } | null)?.id
      onDrop(typeof id === 'string' ? id.slice(0, 64) : '(no id)', problem)
    }
  }
  return out
}
