export { type CacheFactory, type CacheLookup, memoryCaches, redisCaches, type SharedCache } from './cache.js'
export { clientKey } from './client-key.js'
export {
  FailOverRateLimitStore,
  type FallbackReporter,
  MemoryRateLimitStore,
  type RateLimitResult,
  type RateLimitStore,
  RedisRateLimitStore,
} from './rate-limit.js'
export { connectRedis, REDIS_PREFIX, type RedisLink, watchRedis } from './redis.js'
