import type { FastifyBaseLogger } from 'fastify'
import type { Redis } from 'ioredis'
import { REDIS_PREFIX, type RedisLink } from './redis.js'

/**
 * What a lookup found, and a token for storing a fresh value afterwards: a
 * value computed from a read that began before an invalidation is not
 * stored after it (it may describe the state before the change).
 */
export interface CacheLookup<T> {
  value: T | undefined
  token: string
}

/**
 * A TTL cache of JSON values under one namespace. In memory it serves one
 * process; on Redis every instance reads the same entries, and an
 * invalidation on one instance reaches the others at once.
 */
export interface SharedCache<T> {
  get(key: string): Promise<CacheLookup<T>>
  set(key: string, value: T, ttlMs: number, token: string): Promise<void>
  /** Drops the keys on every instance; values computed before this call are not stored. */
  invalidate(keys: readonly string[]): Promise<void>
}

/** Makes the gateway's caches: in memory, or on Redis with pub/sub invalidation. */
export interface CacheFactory {
  cache<T>(namespace: string, options?: { local?: boolean }): SharedCache<T>
}

const MAX_LOCAL_ENTRIES = 50_000

class LocalEntries<T> {
  readonly map = new Map<string, { expires: number; value: T }>()
  generation = 0

  get(key: string): T | undefined {
    const hit = this.map.get(key)
    return hit && hit.expires > Date.now() ? hit.value : undefined
  }

  put(key: string, value: T, expires: number) {
    if (this.map.size > MAX_LOCAL_ENTRIES) this.map.clear()
    this.map.set(key, { expires, value })
  }

  drop(keys: readonly string[]) {
    this.generation++
    for (const k of keys) this.map.delete(k)
  }
}

/** Caches in this process's memory (one instance; the default). */
export function memoryCaches(): CacheFactory {
  return {
    cache<T>(): SharedCache<T> {
      const local = new LocalEntries<T>()
      return {
        async get(key) {
          return { value: local.get(key), token: String(local.generation) }
        },
        async set(key, value, ttlMs, token) {
          if (token === String(local.generation)) local.put(key, value, Date.now() + ttlMs)
        },
        async invalidate(keys) {
          local.drop(keys)
        },
      }
    },
  }
}

const CHANNEL = `${REDIS_PREFIX}invalidate`
/** The token of a read Redis did not answer: the value computed after it is not stored. */
const UNSHARED = 'unshared'

/** Where the Redis caches count their failures (`/metrics`). */
export interface CacheMetrics {
  inc(name: string, help: string, labels?: Record<string, string>, by?: number): void
}

// Stores only when the namespace's generation is still the one read before the computation.
const SET_SCRIPT = `
if (redis.call('GET', KEYS[2]) or '0') == ARGV[2] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
  return 1
end
return 0
`

/**
 * Caches on Redis. Entries live in Redis (shared); `local: true` also keeps
 * a copy in this process for hot keys, dropped when another instance
 * broadcasts an invalidation on the `portico:invalidate` channel. Without
 * `local`, every read asks Redis, so a change is visible everywhere as soon
 * as the instance that made it answers.
 */
export async function redisCaches(
  link: RedisLink,
  log: FastifyBaseLogger,
  metrics?: CacheMetrics,
): Promise<CacheFactory> {
  const redis: Redis = link.client
  // Read-through on a Redis failure: the value is computed (as on a miss) and not stored.
  const failed = (op: 'get' | 'set', ns: string, error: unknown) => {
    metrics?.inc(
      'portico_cache_redis_errors_total',
      'Shared-cache operations that failed on Redis (read through)',
      {
        op,
      },
    )
    log.warn({ err: error, namespace: ns, op }, 'shared cache unavailable on Redis; answering without it')
  }
  redis.defineCommand('porticoCacheSet', { numberOfKeys: 2, lua: SET_SCRIPT })
  const setIfCurrent = (redis as unknown as Record<string, (...a: unknown[]) => Promise<number>>)
    .porticoCacheSet!
  const locals = new Map<string, LocalEntries<unknown>>()
  link.subscriber.on('message', (channel: string, text: string) => {
    if (channel !== CHANNEL) return
    try {
      const { ns, keys } = JSON.parse(text) as { ns: string; keys: string[] }
      locals.get(ns)?.drop(keys)
    } catch (error) {
      log.warn({ err: error }, 'malformed cache invalidation message ignored')
    }
  })
  await link.subscriber.subscribe(CHANNEL)
  return {
    cache<T>(ns: string, options: { local?: boolean } = {}): SharedCache<T> {
      const local = options.local ? new LocalEntries<T>() : undefined
      if (local) locals.set(ns, local as LocalEntries<unknown>)
      const genKey = `${REDIS_PREFIX}cache:${ns}:gen`
      const valueKey = (key: string) => `${REDIS_PREFIX}cache:${ns}:v:${key}`
      return {
        async get(key) {
          const near = local?.get(key)
          if (near !== undefined) return { value: near, token: `l${local!.generation}` }
          const localGeneration = local?.generation ?? 0
          try {
            // A connection that is not ready fails fast instead of waiting for the command time-out.
            if (redis.status !== 'ready') throw new Error(`Redis connection is ${redis.status}`)
            const replies = await redis.multi().get(valueKey(key)).pttl(valueKey(key)).get(genKey).exec()
            if (!replies) throw new Error('Redis cache read was aborted')
            for (const [error] of replies) if (error) throw error
            const [text, ttl, generation] = replies.map((r) => r[1]) as [string | null, number, string | null]
            const value = text === null ? undefined : (JSON.parse(text) as T)
            if (value !== undefined && local && ttl > 0 && local.generation === localGeneration)
              local.put(key, value, Date.now() + ttl)
            return { value, token: `${localGeneration}|${generation ?? '0'}` }
          } catch (error) {
            failed('get', ns, error)
            return { value: undefined, token: UNSHARED }
          }
        },
        async set(key, value, ttlMs, token) {
          if (ttlMs <= 0 || token.startsWith('l') || token === UNSHARED) return
          const [localGeneration, generation] = token.split('|') as [string, string]
          let stored: number
          try {
            if (redis.status !== 'ready') throw new Error(`Redis connection is ${redis.status}`)
            stored = await setIfCurrent.call(
              redis,
              valueKey(key),
              genKey,
              JSON.stringify(value),
              generation,
              ttlMs,
            )
          } catch (error) {
            failed('set', ns, error)
            return
          }
          if (stored === 1 && local && String(local.generation) === localGeneration)
            local.put(key, value, Date.now() + ttlMs)
        },
        async invalidate(keys) {
          local?.drop(keys)
          const tx = redis.multi().incr(genKey)
          if (keys.length > 0) tx.del(...keys.map(valueKey))
          const replies = await tx.exec()
          for (const [error] of replies ?? []) if (error) throw error
          await redis.publish(CHANNEL, JSON.stringify({ ns, keys }))
        },
      }
    },
  }
}
