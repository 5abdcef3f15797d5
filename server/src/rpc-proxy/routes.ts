import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import type { App } from '../http/app.js'
import { ApiError } from '../http/errors.js'
import { clientKey, type RateLimitStore } from '../shared/index.js'
import { RpcErrors, rpcError } from './errors.js'
import type { ProxyReply, RpcProxyService } from './service.js'
import { bodyWeight } from './weights.js'

export interface RpcRouteOptions {
  service: RpcProxyService
  /** The gateway's rate-limit counters (memory or Redis). */
  rateLimitStore: RateLimitStore
  /**
   * Methods answered by another service on the same path (the paymaster's
   * ERC-7677 and bundler methods): it gets the body first and gives undefined
   * when none of its methods is in it.
   */
  extension?: { handle(projectId: string, chainId: string, body: unknown): Promise<ProxyReply | undefined> }
}

/**
 * `POST /v1?chainId=<caip2>&projectId=…`: JSON-RPC 2.0 through the gateway.
 * The project guard runs first (known project, allowed origin, the
 * project's request limit); then each call of a batch counts against the
 * RPC call limit. Every refusal, the guard's included, is a JSON-RPC error
 * object (`id: null` when no call could be read), so JSON-RPC clients show
 * a typed error instead of failing to parse the gateway's own error shape.
 */
export function registerRpcProxyRoutes(app: App, options: RpcRouteOptions) {
  const { service, rateLimitStore } = options
  const limit = service.config.callLimit
  app.post(
    '/v1',
    {
      bodyLimit: service.config.maxBodyBytes,
      errorHandler: (error: FastifyError | ApiError, request, reply) =>
        rpcRefusal(error, request, reply, service),
    },
    async (request, reply) => {
      const chainId = (request.query as Record<string, unknown>).chainId
      if (typeof chainId !== 'string')
        return reply.code(400).send(rpcError(null, RpcErrors.invalidParams('chainId (CAIP-2) is required')))
      const body = request.body
      // Calls count by weight: eth_getLogs, getProgramAccounts and state overrides cost more than a read.
      const cost = bodyWeight(body, service.config.weights)
      const project = request.project!
      let hit: Awaited<ReturnType<RateLimitStore['hit']>> | undefined
      try {
        hit = await rateLimitStore.hit(
          `rpc|${project.id}|${clientKey(request.ip)}`,
          limit.max,
          limit.windowMs,
          cost,
        )
      } catch (error) {
        request.log.error({ err: error }, 'rate limit store unavailable; RPC calls not counted')
      }
      if (hit && !hit.allowed) {
        const retry = Math.max(1, Math.ceil((hit.resetAt - Date.now()) / 1000))
        reply.header('retry-after', String(retry))
        return reply
          .code(429)
          .send(rpcError(null, RpcErrors.rateLimited('Rate limited: too many RPC calls for this project')))
      }
      const out =
        (await options.extension?.handle(project.id, chainId, body)) ?? (await service.handle(chainId, body))
      if (out.body === undefined) return reply.code(204).send()
      return reply.code(out.status).send(out.body)
    },
  )
}

function rpcRefusal(
  error: FastifyError | ApiError,
  request: FastifyRequest,
  reply: FastifyReply,
  service: RpcProxyService,
) {
  if (error instanceof ApiError) {
    for (const [k, v] of Object.entries(error.headers)) reply.header(k, v)
    // The guard's texts stay as they are (SPEC §8 alerts read them); the gateway code goes in data.
    const code = error.statusCode === 429 ? -32005 : error.code === 'invalid_json' ? -32700 : -32001
    return reply
      .code(error.statusCode)
      .send(rpcError(null, { code, message: error.message, data: { code: error.code } }))
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return reply.code(413).send(rpcError(null, RpcErrors.tooLarge(service.config.maxBodyBytes)))
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return reply.code(400).send(rpcError(null, RpcErrors.parse()))
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return reply.code(400).send(rpcError(null, RpcErrors.invalidRequest('the body is empty')))
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return reply.code(415).send(rpcError(null, RpcErrors.invalidRequest('send application/json')))
  }
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500)
    return reply
      .code(error.statusCode)
      .send(rpcError(null, RpcErrors.invalidRequest('the body is malformed')))
  request.log.error({ err: error }, 'RPC proxy error')
  return reply.code(500).send(rpcError(null, { code: -32603, message: 'Internal error' }))
}
