import { createLocalJWKSet, errors, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose'
import { type SafeFetchOptions, safeFetch } from '../../egress/index.js'
import { ApiError } from '../../http/errors.js'

export interface JwksSourceOptions {
  /** Clock in ms (tests move it). */
  now?: () => number
  /** Keys older than this are read again before use (default 10 minutes). */
  maxAgeMs?: number
  /** An unknown `kid` reads the set again at most this often per provider (default 1 minute). */
  cooldownMs?: number
  /** DEVELOPMENT AND TESTS ONLY: let the fetch reach 127.0.0.1 (the devnet's local provider). */
  allowLoopback?: boolean
  /** TESTS ONLY: the resolver safe-fetch uses (names mapped to loopback test servers). */
  resolve?: SafeFetchOptions['resolve']
}

interface Entry {
  getKey: JWTVerifyGetKey
  fetchedAt: number
}

const unavailable = (cause?: unknown) =>
  Object.assign(new ApiError(502, 'jwks_unavailable', 'The login provider’s keys could not be read'), {
    cause,
  })

/**
 * The login providers' signing keys (JWKS), read through the gateway's
 * egress (`safeFetch`: http(s) only, every address checked and pinned, size
 * and time limited) and handed to `jose` as a local key set, so jose never
 * opens a connection of its own. Keys are kept `maxAgeMs`; a token whose
 * `kid` (with its algorithm and curve) matches no kept key reads the set
 * again, at most once per `cooldownMs` per provider, so forged tokens
 * naming made-up key ids cannot make the gateway hammer the provider.
 */
export class JwksSource {
  readonly #entries = new Map<string, Entry>()
  readonly #pending = new Map<string, Promise<Entry>>()
  readonly #lastFetch = new Map<string, number>()
  readonly #now: () => number
  readonly #maxAgeMs: number
  readonly #cooldownMs: number

  constructor(private readonly options: JwksSourceOptions = {}) {
    this.#now = options.now ?? Date.now
    this.#maxAgeMs = options.maxAgeMs ?? 600_000
    this.#cooldownMs = options.cooldownMs ?? 60_000
  }

  /** The key resolver for `jwtVerify` over the set published at `uri`. */
  keyResolver(uri: string): JWTVerifyGetKey {
    return async (header, token) => {
      let entry = this.#entries.get(uri)
      if (!entry || this.#now() - entry.fetchedAt >= this.#maxAgeMs) entry = await this.#fetch(uri)
      try {
        return await entry.getKey(header, token)
      } catch (error) {
        // A key the provider rotated in: read the set again, unless it was read within the cooldown.
        const last = this.#lastFetch.get(uri) ?? 0
        if (!(error instanceof errors.JWKSNoMatchingKey) || this.#now() - last < this.#cooldownMs) throw error
        return (await this.#fetch(uri)).getKey(header, token)
      }
    }
  }

  /** One read of the set at a time per provider; every read counts for the cooldown, failed ones too. */
  #fetch(uri: string): Promise<Entry> {
    const pending = this.#pending.get(uri)
    if (pending) return pending
    this.#lastFetch.set(uri, this.#now())
    const p = this.#read(uri).finally(() => this.#pending.delete(uri))
    this.#pending.set(uri, p)
    return p
  }

  async #read(uri: string): Promise<Entry> {
    const r = await safeFetch(uri, {
      maxBytes: 256 * 1024,
      timeoutMs: 10_000,
      accept: ['application/json', 'application/jwk-set+json'],
      ...(this.options.allowLoopback ? { allowLoopback: true } : {}),
      ...(this.options.resolve ? { resolve: this.options.resolve } : {}),
    }).catch((error: unknown) => {
      throw unavailable(error)
    })
    let getKey: JWTVerifyGetKey
    try {
      getKey = createLocalJWKSet(JSON.parse(r.body.toString('utf8')) as JSONWebKeySet)
    } catch (error) {
      throw unavailable(error)
    }
    const entry = { getKey, fetchedAt: this.#now() }
    this.#entries.set(uri, entry)
    return entry
  }
}
