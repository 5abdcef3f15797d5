import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ProjectConfig } from '../config/index.js'
import {
  clientKey,
  MemoryRateLimitStore,
  type RateLimitResult,
  type RateLimitStore,
} from '../shared/index.js'
import { ApiError, invalidKey, originNotAllowed } from './errors.js'
import { originAllowed } from './origins.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `project` (the default when a route says nothing): needs a known
     * projectId, an allowed origin, and counts towards the rate limit.
     * `public`: must be said explicitly, and the route does its own checks.
     */
    auth?: 'project' | 'public'
  }
  interface FastifyRequest {
    project?: ProjectConfig
  }
}

export interface GuardOptions {
  projects: readonly ProjectConfig[]
  defaultRateLimit: { max: number; windowMs: number }
  /** Where hits are counted: this process (default) or Redis, shared by every instance. */
  rateLimitStore?: RateLimitStore
}

const EXPOSED = 'retry-after, x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset'

/**
 * Project, origin, CORS and rate-limit checks, in that order, before a route
 * runs. Browsers get CORS headers only for origins on the project's
 * allowlist, except on the 401/403 answers themselves, whose text the modal
 * must read to show the right alert (SPEC §8).
 */
export function registerGuard(app: FastifyInstance, options: GuardOptions) {
  const projects = new Map(options.projects.map((p) => [p.id, p]))
  const limiter = options.rateLimitStore ?? new MemoryRateLimitStore()

  /** The single project whose allowed origins include `origin`, if exactly one does. */
  const onlyProjectOf = (origin: string | undefined) => {
    if (origin === undefined) return undefined
    const matching = options.projects.filter((p) => originAllowed(origin, p.allowedOrigins))
    return matching.length === 1 ? matching[0] : undefined
  }

  const check = async (
    request: FastifyRequest,
    reply: FastifyReply,
    projectId: unknown,
  ): Promise<ApiError | undefined> => {
    const origin = request.headers.origin
    if (typeof projectId !== 'string' || !projects.has(projectId)) return invalidKey()
    const project = projects.get(projectId)!
    if (origin !== undefined && !originAllowed(origin, project.allowedOrigins)) return originNotAllowed()
    request.project = project
    if (origin !== undefined) {
      reply.header('access-control-allow-origin', origin)
      reply.header('access-control-expose-headers', EXPOSED)
    }
    const limit = project.rateLimit ?? options.defaultRateLimit
    // request.ip honours trustProxy; IPv6 clients count per /64.
    let r: RateLimitResult
    try {
      r = await limiter.hit(`${project.id}|${clientKey(request.ip)}`, limit.max, limit.windowMs)
    } catch (error) {
      // A shared counter that cannot be reached must not take the gateway down with it: serve, and say so in the log.
      request.log.error({ err: error }, 'rate limit store unavailable; request not counted')
      return undefined
    }
    reply.header('x-ratelimit-limit', String(limit.max))
    reply.header('x-ratelimit-remaining', String(r.remaining))
    reply.header('x-ratelimit-reset', String(Math.ceil(r.resetAt / 1000)))
    if (!r.allowed) {
      const retry = String(Math.max(1, Math.ceil((r.resetAt - Date.now()) / 1000)))
      return new ApiError(
        429,
        'rate_limited',
        'Rate limited: too many requests for this project from this client',
        {
          'retry-after': retry,
        },
      )
    }
    return undefined
  }

  const fail = (request: FastifyRequest, reply: FastifyReply, error: ApiError) => {
    const origin = request.headers.origin
    if (origin !== undefined && (error.statusCode === 401 || error.statusCode === 403)) {
      reply.header('access-control-allow-origin', origin)
    }
    throw error
  }

  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'OPTIONS') return
    // Unknown paths answer 404 whatever the project; every known route is project-scoped unless marked public.
    if (request.is404 || request.routeOptions.config.auth === 'public') return
    reply.header('vary', 'Origin')
    const projectId = (request.query as Record<string, unknown>).projectId
    // A POST may carry projectId in its body only (POST /v1/fungible/price): check after parsing.
    if (projectId === undefined && request.method === 'POST') return
    const error = await check(request, reply, projectId)
    if (error) fail(request, reply, error)
  })

  app.addHook('preValidation', async (request, reply) => {
    if (request.is404 || request.routeOptions.config.auth === 'public' || request.project) return
    const body = request.body as Record<string, unknown> | undefined
    let projectId = body && typeof body === 'object' ? body.projectId : undefined
    // AppKit's registerEnsName posts with no projectId at all: the one project that allows the
    // request's Origin stands for it (none, or several, stays "invalid key").
    if (projectId === undefined) projectId = onlyProjectOf(request.headers.origin)?.id
    const error = await check(request, reply, projectId)
    if (error) fail(request, reply, error)
  })

  // CORS preflight: answered for allowed origins of a known project only.
  app.options('/*', { config: { auth: 'public' } }, async (request, reply) => {
    const origin = request.headers.origin
    const projectId = (request.query as Record<string, unknown>).projectId
    // A POST whose projectId is in its JSON body (AppKit's build-transaction, fungible price, name
    // registration) is preflighted without one: any project that allows the origin answers it; the
    // request itself is checked against its own project.
    const project =
      typeof projectId === 'string'
        ? projects.get(projectId)
        : projectId === undefined && origin
          ? options.projects.find((p) => originAllowed(origin, p.allowedOrigins))
          : undefined
    reply.header('vary', 'Origin')
    if (!origin || !project || !originAllowed(origin, project.allowedOrigins)) {
      return reply.code(403).send({
        code: project ? 'origin_not_allowed' : 'invalid_key',
        message: project ? originNotAllowed().message : invalidKey().message,
      })
    }
    reply.header('access-control-allow-origin', origin)
    reply.header('access-control-allow-methods', 'GET, POST, OPTIONS')
    const asked = request.headers['access-control-request-headers']
    reply.header('access-control-allow-headers', typeof asked === 'string' ? asked : 'content-type')
    reply.header('access-control-max-age', '600')
    return reply.code(204).send()
  })
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

/**
 * Whether a socket peer address is loopback. Callers pass the socket's own
 * address, never `request.ip` (which X-Forwarded-For can set behind a proxy).
 */
export function isLoopback(address: string | undefined): boolean {
  return address !== undefined && LOOPBACK.has(address)
}

/** Constant-time comparison of a presented secret with the expected one. */
export function sameSecret(presented: string, expected: string): boolean {
  const x = Buffer.from(presented)
  const y = Buffer.from(expected)
  return x.length === y.length && timingSafeEqual(x, y)
}
