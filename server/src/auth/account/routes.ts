import Type from 'typebox'
import type { App } from '../../http/app.js'
import { ApiError } from '../../http/errors.js'
import { CODE, DEVICE_ID, EMAIL } from '../core/schemas.js'
import { bearer } from '../core/sessions.js'
import type { DeviceApprovalService } from './device.js'
import type { EmailChangeService } from './email-change.js'
import { approvedPage, approvePage, DEVICE_PAGE_CSP, refusedPage } from './page.js'

const TOKEN = Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' })

/** The account services the signer listener serves (issue 14). */
export interface AccountServices {
  devices: DeviceApprovalService
  emailChange: EmailChangeService
}

export { DEVICE_ID }

/**
 * Device approval, email change and key export, on the signer listener:
 * POST /v1/auth/device/poll `{ pendingToken }` → waiting | connected (once);
 * POST /v1/auth/device/resend `{ pendingToken }`;
 * GET /v1/auth/device/approve?token= (a page) and POST it (approves);
 * POST /v1/auth/email/change `{ newEmail }`, POST /v1/auth/email/change/verify `{ code }`,
 * POST /v1/auth/email/change/resend `{ stage: 'old' | 'new' }` (that stage's code again, after 30 s) —
 * the last three behind `Authorization: Bearer <session token>`.
 */
export function registerAccountRoutes(app: App, services: AccountServices) {
  const { devices, emailChange } = services
  const noStore = { 'cache-control': 'no-store' }
  const pageHeaders = {
    ...noStore,
    'content-security-policy': DEVICE_PAGE_CSP,
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  }
  // The approval page's form posts urlencoded; only this listener parses it.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  )
  const pendingBody = Type.Object({ pendingToken: TOKEN }, { additionalProperties: false })
  app.post(
    '/v1/auth/device/poll',
    { config: { auth: 'public' }, schema: { body: pendingBody } },
    async (request, reply) => reply.headers(noStore).send(await devices.poll(request.body.pendingToken)),
  )
  app.post(
    '/v1/auth/device/resend',
    { config: { auth: 'public' }, schema: { body: pendingBody } },
    async (request, reply) => reply.headers(noStore).send(await devices.resend(request.body.pendingToken)),
  )
  const linkToken = (value: unknown) =>
    typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : ''
  app.get('/v1/auth/device/approve', { config: { auth: 'public' } }, async (request, reply) => {
    const token = linkToken((request.query as Record<string, unknown>).token)
    reply.headers(pageHeaders).type('text/html; charset=utf-8')
    if (!token) return reply.code(404).send(refusedPage('This approval link is not valid'))
    return reply.send(approvePage(token))
  })
  app.post('/v1/auth/device/approve', { config: { auth: 'public' } }, async (request, reply) => {
    const token = linkToken((request.body as Record<string, unknown> | undefined)?.token)
    reply.headers(pageHeaders).type('text/html; charset=utf-8')
    try {
      if (!token) throw new ApiError(404, 'link_unknown', 'This approval link is not valid')
      await devices.approve(token)
      return reply.send(approvedPage())
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      return reply.code(error.statusCode).send(refusedPage(error.message))
    }
  })
  app.post(
    '/v1/auth/email/change',
    {
      config: { auth: 'public' },
      schema: { body: Type.Object({ newEmail: EMAIL }, { additionalProperties: false }) },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(
          await emailChange.start(bearer(request.headers.authorization), request.body.newEmail, request.ip),
        ),
  )
  app.post(
    '/v1/auth/email/change/verify',
    {
      config: { auth: 'public' },
      schema: { body: Type.Object({ code: CODE }, { additionalProperties: false }) },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(await emailChange.verify(bearer(request.headers.authorization), request.body.code, request.ip)),
  )
  app.post(
    '/v1/auth/email/change/resend',
    {
      config: { auth: 'public' },
      schema: {
        body: Type.Object(
          { stage: Type.Union([Type.Literal('old'), Type.Literal('new')]) },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send(
          await emailChange.resend(bearer(request.headers.authorization), request.body.stage, request.ip),
        ),
  )
}
