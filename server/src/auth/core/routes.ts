import Type from 'typebox'
import type { App } from '../../http/app.js'
import { NO_STORE } from './schemas.js'
import { bearer, type SessionStore } from './sessions.js'

/**
 * Session endpoints every login method shares, on the signer listener, behind
 * `Authorization: Bearer <token>`: GET /v1/auth/session, POST /v1/auth/logout,
 * GET /v1/auth/sessions (the account's live sessions), POST /v1/auth/sessions/:id/revoke.
 */
export function registerSessionRoutes(app: App, sessions: SessionStore) {
  app.get('/v1/auth/session', { config: { auth: 'public' } }, async (request, reply) => {
    const s = await sessions.session(bearer(request.headers.authorization))
    // Social sessions: `method` is the provider and `label` the name to show (the subject is not an email).
    return reply.headers(NO_STORE).send({
      email: s.email,
      expiresAt: s.expiresAt,
      method: s.method ?? 'email',
      ...(s.label ? { label: s.label } : {}),
    })
  })

  app.get('/v1/auth/sessions', { config: { auth: 'public' } }, async (request, reply) =>
    reply.headers(NO_STORE).send({ sessions: await sessions.list(bearer(request.headers.authorization)) }),
  )

  app.post(
    '/v1/auth/sessions/:id/revoke',
    {
      config: { auth: 'public' },
      schema: { params: Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{64}$' }) }) },
    },
    async (request) => {
      await sessions.revokeById(bearer(request.headers.authorization), request.params.id)
      return { ok: true }
    },
  )

  app.post('/v1/auth/logout', { config: { auth: 'public' } }, async (request) => {
    await sessions.revoke(bearer(request.headers.authorization))
    return { ok: true }
  })
}
