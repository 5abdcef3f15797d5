import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'

/**
 * The gateway's two Redis connections: `client` for commands, `subscriber`
 * for the invalidation channel (a subscribed connection takes no other
 * commands). Both are opened before the gateway serves anything.
 */
export interface RedisLink {
  client: Redis
  subscriber: Redis
  close(): Promise<void>
}

/** Key prefix of everything the gateway stores in Redis (one Redis may serve several deployments). */
export const REDIS_PREFIX = 'portico:'

/**
 * Connects to `url` (`redis://` or `rediss://`) and waits until both
 * connections are ready; a Redis that cannot be reached fails the start with
 * a clear error instead of a gateway that silently runs single-instance.
 */
export async function connectRedis(url: string): Promise<RedisLink> {
  const open = () =>
    new Redis(url, {
      lazyConnect: true,
      // A command waits at most this long; a slow Redis must not hold requests.
      commandTimeout: 2_000,
      maxRetriesPerRequest: 1,
      // Reconnects with a capped back-off after the first connection.
      retryStrategy: (times) => Math.min(times * 200, 2_000),
    })
  const client = open()
  const subscriber = open()
  // Until the gateway's logger is attached (watchRedis), connection errors surface through connect().
  const early = () => {}
  client.on('error', early)
  subscriber.on('error', early)
  try {
    await Promise.all([client.connect(), subscriber.connect()])
  } catch (cause) {
    client.disconnect()
    subscriber.disconnect()
    throw new Error(`cannot connect to Redis (REDIS_URL): ${(cause as Error).message}`, { cause })
  }
  client.off('error', early)
  subscriber.off('error', early)
  return {
    client,
    subscriber,
    async close() {
      await Promise.allSettled([client.quit(), subscriber.quit()])
    },
  }
}

/** Logs the connections' errors (a lost Redis reconnects on its own; requests meanwhile fail open or read through). */
export function watchRedis(link: RedisLink, log: FastifyBaseLogger): void {
  for (const [role, c] of [
    ['client', link.client],
    ['subscriber', link.subscriber],
  ] as const) {
    c.on('error', (error) => log.warn({ err: error, role }, 'redis connection error'))
  }
}
