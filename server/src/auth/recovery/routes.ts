import Type from 'typebox'
import type { App } from '../../http/app.js'
import { EVM_ADDRESS } from '../../http/schemas.js'
import { RECOVERY_BLOB } from '../core/schemas.js'
import { bearer } from '../core/sessions.js'
import type { RecoveryService } from './service.js'

/**
 * Recovery-share endpoints on the signer listener, all behind
 * `Authorization: Bearer <session token>`:
 * GET /v1/auth/recovery → `{ exists }` (counts nothing);
 * PUT /v1/auth/recovery `{ address, blob }` → 201 (once per wallet);
 * POST /v1/auth/recovery/release → `{ address, blob, attemptsLeft }` (one attempt);
 * POST /v1/auth/recovery/confirm → `{ ok }` (resets the count after an unlock).
 */
export function registerRecoveryRoutes(app: App, recovery: RecoveryService) {
  const noStore = { 'cache-control': 'no-store' }
  app.get('/v1/auth/recovery', { config: { auth: 'public' } }, async (request, reply) =>
    reply.headers(noStore).send({ exists: await recovery.has(bearer(request.headers.authorization)) }),
  )
  app.put(
    '/v1/auth/recovery',
    {
      config: { auth: 'public' },
      schema: {
        body: Type.Object(
          { address: Type.String({ pattern: EVM_ADDRESS }), blob: Type.String({ pattern: RECOVERY_BLOB }) },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      await recovery.put(bearer(request.headers.authorization), request.body)
      return reply.code(201).send({ ok: true })
    },
  )
  app.post('/v1/auth/recovery/release', { config: { auth: 'public' } }, async (request, reply) =>
    reply.headers(noStore).send(await recovery.release(bearer(request.headers.authorization))),
  )
  app.post('/v1/auth/recovery/confirm', { config: { auth: 'public' } }, async (request) => {
    await recovery.confirm(bearer(request.headers.authorization))
    return { ok: true }
  })
}
