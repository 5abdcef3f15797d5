import Type from 'typebox'
import type { App } from '../../http/app.js'
import { ApiError } from '../../http/errors.js'
import { EVM_ADDRESS } from '../../http/schemas.js'
import { RECOVERY_BLOB } from '../core/schemas.js'
import { bearer } from '../core/sessions.js'
import { RECOVERY_VERIFIER, type RecoveryService } from './service.js'

/**
 * Recovery-share endpoints on the signer listener, all behind
 * `Authorization: Bearer <session token>`:
 * GET /v1/auth/recovery → `{ exists, kdf?, proof? }` (counts nothing);
 * PUT /v1/auth/recovery `{ address, blob, verifier }` → 201 (once per wallet);
 * POST /v1/auth/recovery/release `{ verifier }` → `{ released: true, address, blob, attemptsLeft, proof }`
 * or `{ released: false, attemptsLeft }` (one attempt; 429 while locked);
 * POST /v1/auth/recovery/confirm `{ verifier?, signature? }` → `{ ok }` (resets the count after an
 * unlock; a wallet stored before the verifier gets one, signed with its key).
 */
export function registerRecoveryRoutes(app: App, recovery: RecoveryService) {
  const noStore = { 'cache-control': 'no-store' }
  app.get('/v1/auth/recovery', { config: { auth: 'public' } }, async (request, reply) =>
    reply.headers(noStore).send(await recovery.status(bearer(request.headers.authorization))),
  )
  app.put(
    '/v1/auth/recovery',
    {
      config: { auth: 'public' },
      schema: {
        body: Type.Object(
          {
            address: Type.String({ pattern: EVM_ADDRESS }),
            blob: Type.String({ pattern: RECOVERY_BLOB }),
            verifier: Type.String({ pattern: RECOVERY_VERIFIER }),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      await recovery.put(bearer(request.headers.authorization), request.body)
      return reply.code(201).send({ ok: true })
    },
  )
  // No body schema on these two: a body is optional (a wallet from before the verifier, a frame that
  // has nothing to add), so each reads its fields itself and refuses a malformed one with 400.
  const field = (body: unknown, name: string, pattern: RegExp): string | undefined => {
    const v = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined
    if (v === undefined) return undefined
    if (typeof v !== 'string' || !pattern.test(v))
      throw new ApiError(400, 'invalid_request', `Invalid ${name}`)
    return v
  }
  const VERIFIER = new RegExp(RECOVERY_VERIFIER)
  app.post('/v1/auth/recovery/release', { config: { auth: 'public' } }, async (request, reply) => {
    const token = bearer(request.headers.authorization)
    const verifier = field(request.body, 'verifier', VERIFIER)
    return reply.headers(noStore).send(await recovery.release(token, verifier))
  })
  app.post('/v1/auth/recovery/confirm', { config: { auth: 'public' } }, async (request) => {
    const token = bearer(request.headers.authorization)
    const verifier = field(request.body, 'verifier', VERIFIER)
    const signature = field(request.body, 'signature', /^0x[0-9a-fA-F]{130}$/)
    if ((verifier === undefined) !== (signature === undefined))
      throw new ApiError(400, 'invalid_request', 'A verifier comes with its signature')
    await recovery.confirm(
      token,
      verifier && signature ? { verifier, signature: signature as `0x${string}` } : undefined,
    )
    return { ok: true }
  })
}
