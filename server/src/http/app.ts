import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify'
import type { ProjectConfig } from '../config/index.js'
import type { RateLimitStore } from '../shared/index.js'
import { trackRoutes } from './catalog.js'
import { ApiError } from './errors.js'
import { isLoopback, registerGuard, sameSecret } from './guard.js'
import type { Metrics } from './metrics.js'
import { redactDeep } from './redact.js'

/** The gateway's Fastify instance, typed by its TypeBox schemas. */
export type App = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>

export interface AppOptions {
  logLevel: string
  bodyLimit: number
  /** Hop count or proxy addresses / CIDR ranges whose X-Forwarded-For is believed (never `true`). */
  trustProxy?: false | number | readonly string[]
  /** Whole-request and socket-inactivity limits (ms). */
  requestTimeoutMs?: number
  connectionTimeoutMs?: number
  /** Bearer token for /metrics; without one only loopback peers may read it. */
  metricsToken?: string | undefined
  /** URLs to keep out of logs (RPC URLs carry API keys) → the label logged instead. */
  secretUrls?: ReadonlyMap<string, string>
  projects: readonly ProjectConfig[]
  rateLimit: { max: number; windowMs: number }
  /** Shared rate-limit counters (Redis); in process memory when absent. */
  rateLimitStore?: RateLimitStore
  metrics: Metrics
  /** Checks the service's dependencies for /healthz; throws when one is down. */
  health: () => Promise<Record<string, unknown>>
  /** Pino destination override (tests collect log lines). */
  logStream?: { write(line: string): void }
}

/**
 * Builds the HTTP app: JSON logs, strict schema validation (no type
 * coercion of bodies), JSON `{ code, message }` errors, body limit → 413,
 * `/healthz`, `/metrics`, and the project guard. Feature routes are added by
 * the caller.
 */
export function buildApp(options: AppOptions): App {
  const known = options.secretUrls ?? new Map<string, string>()
  // Typed as Fastify's own error serializer; the result is a plain object (redacted strings).
  const serializers = {
    err: (error: FastifyError) =>
      redactDeep(serializeError(error), known) as { type: string; message: string; stack: string },
  }
  const requestTimeout = options.requestTimeoutMs ?? 30_000
  const app = Fastify({
    logger: options.logStream
      ? { level: options.logLevel, stream: options.logStream, serializers }
      : { level: options.logLevel, serializers },
    bodyLimit: options.bodyLimit,
    trustProxy: trustProxySetting(options.trustProxy),
    requestTimeout,
    connectionTimeout: options.connectionTimeoutMs ?? 60_000,
    // Node checks request time-outs on this interval (30 s by default): keep it below the limit.
    http: { connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(requestTimeout / 4))) },
    http2: false,
    // Per-request log lines only at debug level: at bench rates they would cost more than the request.
    logController: new Fastify.LogController({
      disableRequestLogging: options.logLevel !== 'debug' && options.logLevel !== 'trace',
    }),
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
    return503OnClosing: true,
    // close() ends idle keep-alive sockets at once and lets requests in flight finish (the gateway's drain).
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 200 },
    // Refusals before routing (a request line or headers over Node's limit, a malformed request) keep
    // the gateway's error shape `{ code, message }`, like every other refusal.
    clientErrorHandler(error, socket) {
      if (!socket.writable) {
        socket.destroy()
        return
      }
      const code = (error as { code?: string }).code
      const [status, reason, body] =
        code === 'HPE_HEADER_OVERFLOW'
          ? [
              431,
              'Request Header Fields Too Large',
              { code: 'headers_too_large', message: 'The request line or headers are too large' },
            ]
          : code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? [
                408,
                'Request Timeout',
                { code: 'request_timeout', message: 'The request took too long to arrive' },
              ]
            : [400, 'Bad Request', { code: 'bad_request', message: 'The request is malformed' }]
      const json = JSON.stringify(body)
      socket.write(
        `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
      )
      // Cut the connection: a client still trickling bytes must not keep it open.
      socket.destroy()
    },
  }).withTypeProvider<TypeBoxTypeProvider>()

  trackRoutes(app as unknown as FastifyInstance)

  // navigator.sendBeacon and no-preflight fetches post JSON as text/plain.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string))
    } catch {
      done(new ApiError(400, 'invalid_json', 'Body is not valid JSON'), undefined)
    }
  })

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      for (const [k, v] of Object.entries(error.headers)) reply.header(k, v)
      return reply.code(error.statusCode).send({ code: error.code, message: error.message })
    }
    const e = error as FastifyError
    if (e.validation) {
      const first = e.validation[0]
      const where = `${e.validationContext ?? 'request'}${first?.instancePath ?? ''}`
      return reply
        .code(400)
        .send({ code: 'invalid_request', message: `${where} ${first?.message ?? 'is invalid'}`.trim() })
    }
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply
        .code(413)
        .send({ code: 'body_too_large', message: `Body is larger than ${options.bodyLimit} bytes` })
    }
    if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({ code: 'unsupported_media_type', message: 'Send application/json' })
    }
    if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
      return reply.code(e.statusCode).send({
        code: (e.code ?? 'bad_request').toLowerCase(),
        message: e.message,
      })
    }
    request.log.error({ err: error }, 'unhandled error')
    // A database that cannot be reached is an outage, not a bug in the request.
    const dbDown = ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', 'SQLITE_BUSY', 'SQLITE_IOERR'].includes(
      String((error as { code?: unknown }).code),
    )
    if (dbDown)
      return reply.code(503).send({ code: 'storage_unavailable', message: 'Storage is unavailable' })
    return reply.code(500).send({ code: 'internal_error', message: 'Internal server error' })
  })

  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send({ code: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` })
  })

  // While draining, answers in flight close their connection: a keep-alive socket would hold the close open.
  let draining = false
  app.addHook('preClose', async () => {
    draining = true
  })
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close')
  })

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched'
    options.metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000)
  })

  registerGuard(app, {
    projects: options.projects,
    defaultRateLimit: options.rateLimit,
    ...(options.rateLimitStore ? { rateLimitStore: options.rateLimitStore } : {}),
  })

  app.get('/healthz', { config: { auth: 'public' } }, async (request, reply) => {
    try {
      return { status: 'ok', ...(await options.health()) }
    } catch (error) {
      // The cause goes to the log; the public answer names no host, user or query.
      request.log.error({ err: error }, 'health check failed')
      return reply
        .code(503)
        .send({ code: 'unhealthy', message: 'A dependency of the gateway is unavailable' })
    }
  })

  // Metrics name routes, chains and volumes: for the operator's scraper only.
  app.get('/metrics', { config: { auth: 'public' } }, async (request, reply) => {
    if (options.metricsToken) {
      if (!sameSecret(request.headers.authorization ?? '', `Bearer ${options.metricsToken}`)) {
        throw new ApiError(401, 'invalid_token', 'Unauthorized: /metrics needs the metrics token')
      }
    } else if (!isLoopback(request.socket.remoteAddress)) {
      throw new ApiError(403, 'forbidden', '/metrics answers loopback clients only (set metrics.token)')
    }
    reply.header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
    return options.metrics.render()
  })

  return app
}

/**
 * Fastify's trustProxy from the configuration: a hop count or an address / CIDR list, never `true`.
 * Fastify 5 now ignores a plain number (it trusts no hop), so a hop count is given as proxy-addr's
 * trust function: the nearest `hops` addresses are believed to be proxies.
 */
function trustProxySetting(
  value: AppOptions['trustProxy'],
): ((address: string, hop: number) => boolean) | string[] | false {
  if (value === undefined || value === false) return false
  if (typeof value === 'number') return (_address, hop) => hop < value
  return [...value]
}

/** An error as a plain object (name, message, stack, code, own fields, cause chain) for the log. */
function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 4) return error
  const out: Record<string, unknown> = { type: error.name, message: error.message, stack: error.stack }
  for (const [k, v] of Object.entries(error)) if (k !== 'cause') out[k] = v
  if (error.cause !== undefined) out.cause = serializeError(error.cause, depth + 1)
  return out
}
