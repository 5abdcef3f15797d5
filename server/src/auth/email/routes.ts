import Type from 'typebox'
import type { ProjectConfig } from '../../config/index.js'
import type { App } from '../../http/app.js'
import { ApiError } from '../../http/errors.js'
import { CODE, DEVICE_ID, EMAIL, NO_STORE, PROJECT } from '../core/schemas.js'
import type { EmailAuthService } from './service.js'

/**
 * The step after a right code when device approval is on (the account
 * folder's DeviceApprovalService): a session, or a wait for the mailed link.
 * Named here as a shape so the email login does not import the account folder.
 */
export interface AfterCode {
  afterCode(email: string, projectId: string, deviceId: string | undefined): Promise<object>
}

/**
 * Email login endpoints, on the signer listener only (the frame calls them
 * from its own origin; the dApp page never does):
 * POST /v1/auth/email/otp `{ projectId, email }` → `{ expiresAt, resendAfter }`;
 * POST /v1/auth/email/verify `{ projectId, email, code }` → `{ token, expiresAt, email }`.
 */
export function registerEmailAuthRoutes(
  app: App,
  auth: EmailAuthService,
  projects: readonly ProjectConfig[],
  /** Device approval (issue 14): with it, a right code may answer `{ status: 'device_approval', pendingToken }`. */
  devices?: AfterCode,
) {
  const knownProject = (id: string) => {
    if (!projects.some((p) => p.id === id))
      throw new ApiError(401, 'invalid_key', 'Unauthorized: invalid key')
  }

  app.post(
    '/v1/auth/email/otp',
    {
      config: { auth: 'public' },
      schema: { body: Type.Object({ projectId: PROJECT, email: EMAIL }, { additionalProperties: false }) },
    },
    async (request, reply) => {
      knownProject(request.body.projectId)
      return reply.headers(NO_STORE).send(await auth.requestCode(request.body.email, request.ip))
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
            code: CODE,
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
        return reply.headers(NO_STORE).send(await auth.verifyCode(email, code, request.ip, projectId))
      const address = await auth.consumeCode(email, code, request.ip)
      return reply.headers(NO_STORE).send(await devices.afterCode(address, projectId, deviceId))
    },
  )
}
