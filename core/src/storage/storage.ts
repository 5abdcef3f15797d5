import type { PorticoStorage } from '../contracts/index.js'

/** Default prefix of every key: `portico:<key>`. */
export const DEFAULT_STORAGE_PREFIX = 'portico'

/** Version tag of the envelope every value is stored in; anything else under our key is foreign. */
const ENVELOPE_TAG = 'portico/v1'

interface Envelope {
  t: typeof ENVELOPE_TAG
  v: unknown
}

function encode(value: unknown): string | undefined {
  try {
    return JSON.stringify({ t: ENVELOPE_TAG, v: value } satisfies Envelope)
  } catch {
    // Not serialisable (a bigint, a cycle): storing nothing beats throwing.
    return undefined
  }
}

function decode<T>(raw: string | null | undefined, validate?: (value: unknown) => value is T): T | undefined {
  if (raw === null || raw === undefined) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return undefined
  }
  if (!parsed || typeof parsed !== 'object' || (parsed as Envelope).t !== ENVELOPE_TAG) return undefined
  const value = (parsed as Envelope).v
  if (validate && !validate(value)) return undefined
  return value as T
}

/** The Web Storage subset we use (localStorage, sessionStorage or a test double). */
export interface KeyValueBackend {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

function fromBackend(getBackend: () => KeyValueBackend | undefined, prefix: string): PorticoStorage {
  const k = (key: string) => `${prefix}:${key}`
  return {
    get(key, validate) {
      try {
        return decode(getBackend()?.getItem(k(key)), validate)
      } catch {
        // Storage access can throw (blocked third-party storage, sandboxed iframe).
        return undefined
      }
    },
    set(key, value) {
      const raw = encode(value)
      if (raw === undefined) return
      try {
        getBackend()?.setItem(k(key), raw)
      } catch {
        // Quota exceeded or access denied: persisting is best-effort.
      }
    },
    remove(key) {
      try {
        getBackend()?.removeItem(k(key))
      } catch {
        // Same as above.
      }
    },
  }
}

/**
 * In-memory storage (the default under SSR). Values still go through the
 * same envelope so behaviour matches the persistent storages.
 *
 * @example
 * createPortico({ storage: createMemoryStorage() })
 */
export function createMemoryStorage(options: { prefix?: string } = {}): PorticoStorage {
  const map = new Map<string, string>()
  return fromBackend(
    () => ({
      getItem: (key) => map.get(key) ?? null,
      setItem: (key, value) => {
        map.set(key, value)
      },
      removeItem: (key) => {
        map.delete(key)
      },
    }),
    options.prefix ?? DEFAULT_STORAGE_PREFIX,
  )
}

/**
 * `localStorage`-backed storage (the default in a browser). `localStorage` is
 * looked up on each call, never at import. Keys are `<prefix>:<key>`; a
 * corrupted or foreign value reads as `undefined`.
 *
 * @example
 * createPortico({ storage: createLocalStorage({ prefix: 'my-dapp' }) })
 */
export function createLocalStorage(
  options: { prefix?: string; backend?: KeyValueBackend } = {},
): PorticoStorage {
  return fromBackend(
    () => options.backend ?? (globalThis as { localStorage?: KeyValueBackend }).localStorage,
    options.prefix ?? DEFAULT_STORAGE_PREFIX,
  )
}

export interface CookieStorageOptions {
  prefix?: string
  /** Where cookies are read and written; defaults to `globalThis.document` when there is one. */
  document?: { cookie: string }
  /** Under SSR: the request's `Cookie` header, so the server renders the same state as the browser. */
  cookieHeader?: string
  /** Lifetime of written cookies, seconds (default 7 days). */
  maxAgeSeconds?: number
  path?: string
  sameSite?: 'Lax' | 'Strict' | 'None'
  /**
   * Adds `Secure` (sent over https only). Defaults to on when the page is
   * served over https, and always on with `sameSite: 'None'` (browsers drop a
   * `SameSite=None` cookie without it).
   */
  secure?: boolean
}

function parseCookies(header: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    const name = part.slice(0, eq).trim()
    const raw = part.slice(eq + 1).trim()
    try {
      out.set(decodeURIComponent(name), decodeURIComponent(raw))
    } catch {
      // A malformed escape in someone else's cookie: skip it.
    }
  }
  return out
}

/**
 * Cookie-backed storage, for hosts that render on the server: the server reads
 * the same keys from the request's `Cookie` header (`cookieHeader`), the
 * browser from `document.cookie`.
 *
 * @example
 * // server
 * createPortico({ storage: createCookieStorage({ cookieHeader: req.headers.cookie }) })
 */
export function createCookieStorage(options: CookieStorageOptions = {}): PorticoStorage {
  const prefix = options.prefix ?? DEFAULT_STORAGE_PREFIX
  const maxAge = options.maxAgeSeconds ?? 7 * 24 * 60 * 60
  const path = options.path ?? '/'
  const sameSite = options.sameSite ?? 'Lax'
  // Without a document (SSR) writes land here, seeded from the request header.
  const serverJar = parseCookies(options.cookieHeader ?? '')
  const doc = () => options.document ?? (globalThis as { document?: { cookie: string } }).document
  const write = (name: string, value: string, age: number) => {
    const d = doc()
    if (!d) {
      if (age <= 0) serverJar.delete(name)
      else serverJar.set(name, value)
      return
    }
    const secure =
      sameSite === 'None' ||
      (options.secure ?? (globalThis as { location?: { protocol?: string } }).location?.protocol === 'https:')
    d.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Max-Age=${age}; Path=${path}; SameSite=${sameSite}${secure ? '; Secure' : ''}`
  }
  return fromBackend(
    () => ({
      getItem: (name) => {
        const d = doc()
        const jar = d ? parseCookies(d.cookie) : serverJar
        return jar.get(name) ?? null
      },
      setItem: (name, value) => write(name, value, maxAge),
      removeItem: (name) => write(name, '', 0),
    }),
    prefix,
  )
}

/** Picks the storage for `options.storage`: localStorage in a browser, memory under SSR, by default. */
export function resolveStorage(
  option: 'local' | 'memory' | 'cookie' | PorticoStorage | undefined,
  env: { isBrowser: boolean },
  prefix = DEFAULT_STORAGE_PREFIX,
): PorticoStorage {
  if (option && typeof option === 'object') return option
  const kind = option ?? (env.isBrowser ? 'local' : 'memory')
  if (kind === 'cookie') return createCookieStorage({ prefix })
  if (kind === 'local' && env.isBrowser) return createLocalStorage({ prefix })
  return createMemoryStorage({ prefix })
}
