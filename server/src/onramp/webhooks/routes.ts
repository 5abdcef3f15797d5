import Type from 'typebox'
import type { App } from '../../http/app.js'
import { ApiError, badRequest, notFound } from '../../http/errors.js'
import type { OrderStore } from '../orders.js'
import { originOf } from '../routes.js'
import { type OnrampService, providerFailed } from '../service.js'
import type { StatusUpdate } from '../types.js'
import { unknownOrder } from './events.js'

/** Webhook bodies are small JSON documents; anything larger is refused (413) before it is read. */
const WEBHOOK_BODY_LIMIT = 256 * 1024

/**
 * `POST /onramp/webhooks/{provider}/{projectId}`: a real provider's order news. The body is kept as
 * raw bytes (signatures cover them exactly), verified the way the provider documents, then applied
 * to the order idempotently. Refusals are typed: 401 `invalid_signature` / `stale_timestamp`,
 * 400 `invalid_payload`, 404 `order_not_found` (unknown, another provider's or another project's
 * order) or `webhook_not_configured`; a refused webhook changes nothing.
 */
export function registerWebhookRoutes(app: App, onramp: OnrampService, orders: OrderStore) {
  app.register(async (scope) => {
    // In this scope only: every body is read as bytes, whatever its content type.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    )
    scope.post(
      '/onramp/webhooks/:provider/:projectId',
      {
        config: { auth: 'public' },
        schema: {
          params: Type.Object({
            provider: Type.String({ pattern: '^[a-z0-9_-]{1,32}$' }),
            projectId: Type.String({ pattern: '^[A-Za-z0-9_.:-]{1,128}$' }),
          }),
        },
      },
      async (request) => {
        const { provider: id, projectId } = request.params as { provider: string; projectId: string }
        const provider = onramp.providers.find((p) => p.id === id)
        if (!provider?.webhook) throw notFound(`No ${id} webhooks on this gateway`, 'webhook_not_configured')
        if (!Buffer.isBuffer(request.body)) throw badRequest('A webhook needs a body', 'invalid_payload')
        let update: StatusUpdate
        try {
          update = await provider.webhook({
            headers: request.headers,
            body: request.body,
            url: `${originOf(request, onramp.config.publicUrl)}${request.url}`,
            now: Date.now(),
          })
        } catch (error) {
          // A refusal stays as it is; the provider's API failing (Transak's token) is a 502, never a 500.
          if (error instanceof ApiError) throw error
          request.log.warn({ err: error, provider: provider.id }, 'onramp webhook could not be verified')
          throw providerFailed(error)
        }
        const outcome = await orders.applyUpdate(provider.id, projectId, update)
        if (outcome === 'not_found') throw unknownOrder()
        request.log.info(
          { provider: provider.id, order: update.orderId, status: update.status, outcome },
          'onramp webhook applied',
        )
        return { received: true, changed: outcome === 'changed' }
      },
    )
  })
}
