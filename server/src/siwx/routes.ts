import Type from 'typebox'
import type { App } from '../http/app.js'
import { ApiError } from '../http/errors.js'
import { CAIP2, sdkParams } from '../http/schemas.js'
import type { SiwxService } from './service.js'

const DOMAIN = Type.String({ minLength: 1, maxLength: 255, pattern: '^[A-Za-z0-9.-]+(:[0-9]{1,5})?$' })

function bearer(header: string | undefined): string | undefined {
  const m = /^Bearer ([A-Za-z0-9_-]{1,128})$/.exec(header ?? '')
  return m?.[1]
}

/** The page's host when a browser sent an Origin (the domain a nonce and a message must name). */
function originHost(origin: string | undefined): string | undefined {
  if (origin === undefined) return undefined
  try {
    return new URL(origin).host
  } catch {
    throw new ApiError(400, 'invalid_origin', 'the Origin header is not a URL')
  }
}

/**
 * Sign-in (SIWX) routes: `GET /v1/siwx/nonce?domain=`, `POST /v1/siwx/verify`
 * `{ message, signature, caipNetworkId, publicKey?, publicKeyType? }` → `{ token, session }`,
 * `GET /v1/siwx/me` and `POST /v1/siwx/signout` with `Authorization: Bearer
 * <token>`. A browser's Origin must be the domain the nonce and message name.
 */
export function registerSiwxRoutes(app: App, siwx: SiwxService) {
  app.get(
    '/v1/siwx/nonce',
    { config: { auth: 'project' }, schema: { querystring: Type.Object({ ...sdkParams, domain: DOMAIN }) } },
    async (request) => {
      const host = originHost(request.headers.origin)
      if (host !== undefined && host !== request.query.domain)
        throw new ApiError(401, 'wrong_domain', 'the domain is not the page asking for the nonce')
      return siwx.nonce(request.project!.id, request.query.domain)
    },
  )

  app.post(
    '/v1/siwx/verify',
    {
      config: { auth: 'project' },
      schema: {
        querystring: Type.Object({ ...sdkParams }),
        body: Type.Object(
          {
            message: Type.String({ minLength: 1, maxLength: 8192 }),
            signature: Type.String({ minLength: 1, maxLength: 20_000, pattern: '^[A-Za-z0-9+/=x_-]+$' }),
            caipNetworkId: Type.String({ pattern: CAIP2 }),
            publicKey: Type.Optional(Type.String({ maxLength: 200, pattern: '^(0x)?[0-9a-fA-F]+$' })),
            publicKeyType: Type.Optional(Type.String({ maxLength: 100, pattern: '^/[A-Za-z0-9_.]+$' })),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => {
      originHost(request.headers.origin)
      return siwx.verify(request.project!.id, request.body, request.headers.origin)
    },
  )

  app.get(
    '/v1/siwx/me',
    { config: { auth: 'project' }, schema: { querystring: Type.Object({ ...sdkParams }) } },
    async (request) => siwx.authenticate(request.project!.id, bearer(request.headers.authorization)),
  )

  app.post(
    '/v1/siwx/signout',
    { config: { auth: 'project' }, schema: { querystring: Type.Object({ ...sdkParams }) } },
    async (request) => siwx.signOut(request.project!.id, bearer(request.headers.authorization)),
  )
}
