import Type from 'typebox'
import { DEVICE_ID, type DeviceApprovalService } from '../auth-account/device.js'
import type { ProjectConfig } from '../config/index.js'
import type { App } from '../http/app.js'
import { ApiError } from '../http/errors.js'
import { EVM_ADDRESS } from '../http/schemas.js'
import type { EmailAuthService } from './service.js'

const PROJECT = Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' })
const EMAIL = Type.String({ minLength: 3, maxLength: 254 })
/** A Shamir share of a 32-byte key as hex (33 bytes); room for other key sizes later. */
const SHARE = Type.String({ pattern: '^[0-9a-f]{66,258}$' })

/** The token of an `Authorization: Bearer` header, or undefined when absent or malformed. */
export function bearer(header: string | undefined): string | undefined {
  const m = /^Bearer ([A-Za-z0-9_-]{1,128})$/.exec(header ?? '')
  return m?.[1]
}

/**
 * Email login and auth-share endpoints, on the signer listener only (the
 * frame calls them from its own origin; the dApp page never does):
 * POST /v1/auth/email/otp `{ projectId, email }` → `{ expiresAt, resendAfter }`;
 * POST /v1/auth/email/verify `{ projectId, email, code }` → `{ token, expiresAt, email }`;
 * GET /v1/auth/session, GET/PUT /v1/auth/share, POST /v1/auth/logout with
 * `Authorization: Bearer <token>`.
 */
export function registerEmailAuthRoutes(
  app: App,
  auth: EmailAuthService,
  projects: readonly ProjectConfig[],
  /** Device approval (issue 14): with it, a right code may answer `{ status: 'device_approval', pendingToken }`. */
  devices?: DeviceApprovalService,
) {
  const knownProject = (id: string) => {
    if (!projects.some((p) => p.id === id))
      throw new ApiError(401, 'invalid_key', 'Unauthorized: invalid key')
  }
  const noStore = { 'cache-control': 'no-store' }

  app.post(
    '/v1/auth/email/otp',
    {
      config: { auth: 'public' },
      schema: { body: Type.Object({ projectId: PROJECT, email: EMAIL }, { additionalProperties: false }) },
    },
    async (request, reply) => {
      knownProject(request.body.projectId)
      return reply.headers(noStore).send(await auth.requestCode(request.body.email, request.ip))
    },
  )

  app.post(
    '/v1/auth/email/verify',
    {
      config: { auth: 'public' },
      schema: {
        body: Type.Object(
          {
            projectId: PROJECT,
            email: EMAIL,
            code: Type.String({ pattern: '^[0-9]{6}$' }),
            deviceId: Type.Optional(Type.String({ pattern: DEVICE_ID })),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      knownProject(request.body.projectId)
      const { email, code, projectId, deviceId } = request.body
      if (!devices)
        return reply.headers(noStore).send(await auth.verifyCode(email, code, request.ip, projectId))
      const address = await auth.consumeCode(email, code, request.ip)
      return reply.headers(noStore).send(await devices.afterCode(address, projectId, deviceId))
    },
  )

  app.get('/v1/auth/session', { config: { auth: 'public' } }, async (request, reply) => {
    const s = await auth.session(bearer(request.headers.authorization))
    // Social sessions: `method` is the provider and `label` the name to show (the subject is not an email).
    return reply.headers(noStore).send({
      email: s.email,
      expiresAt: s.expiresAt,
      method: s.method ?? 'email',
      ...(s.label ? { label: s.label } : {}),
    })
  })

  app.get('/v1/auth/share', { config: { auth: 'public' } }, async (request, reply) => {
    const share = await auth.getShare(bearer(request.headers.authorization))
    if (!share) throw new ApiError(404, 'no_wallet', 'This email has no wallet yet')
    return reply.headers(noStore).send(share)
  })

  app.put(
    '/v1/auth/share',
    {
      config: { auth: 'public' },
      schema: {
        body: Type.Object(
          { address: Type.String({ pattern: EVM_ADDRESS }), share: SHARE },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      await auth.putShare(bearer(request.headers.authorization), request.body)
      return reply.code(201).send({ ok: true })
    },
  )

  app.post('/v1/auth/logout', { config: { auth: 'public' } }, async (request) => {
    await auth.revoke(bearer(request.headers.authorization))
    return { ok: true }
  })
}
