import Type from 'typebox'
import type { ProjectConfig } from '../../config/index.js'
import type { App } from '../../http/app.js'
import { ApiError } from '../../http/errors.js'
import { originAllowed } from '../../http/origins.js'
import type { FarcasterAuthService } from './service.js'

const PROJECT = Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' })
const ORIGIN = Type.String({ pattern: '^https?://[^\\s/?#]+$', maxLength: 512 })
const CHANNEL = Type.String({ pattern: '^[A-Za-z0-9_-]{16,128}$' })

/**
 * Sign In With Farcaster endpoints on the signer listener (the frame calls them):
 * POST /v1/auth/farcaster/start `{ projectId, origin }` → `{ channelToken, exchangeKey, url, expiresAt }`
 * (`url` is the deep link for the QR code; `exchangeKey` stays in the frame);
 * POST /v1/auth/farcaster/exchange `{ projectId, channelToken, exchangeKey }` → 202 `{ state: 'pending' }`
 * or 200 `{ state: 'completed', token, expiresAt, fid, label }`.
 */
export function registerFarcasterAuthRoutes(
  app: App,
  farcaster: FarcasterAuthService,
  projects: readonly ProjectConfig[],
) {
  const project = (id: string) => {
    const p = projects.find((x) => x.id === id)
    if (!p) throw new ApiError(401, 'invalid_key', 'Unauthorized: invalid key')
    return p
  }
  const noStore = { 'cache-control': 'no-store' }

  app.post(
    '/v1/auth/farcaster/start',
    {
      config: { auth: 'public' },
      schema: {
        body: Type.Object({ projectId: PROJECT, origin: ORIGIN }, { additionalProperties: false }),
      },
    },
    async (request, reply) => {
      const p = project(request.body.projectId)
      // The SIWE domain is the dApp's: only an origin the project allows may be named.
      if (!originAllowed(request.body.origin, p.allowedOrigins))
        throw new ApiError(403, 'origin_not_allowed', 'Unauthorized: origin not allowed')
      return reply.headers(noStore).send(await farcaster.start(p.id, request.body.origin))
    },
  )

  app.post(
    '/v1/auth/farcaster/exchange',
    {
      config: { auth: 'public' },
      schema: {
        body: Type.Object(
          {
            projectId: PROJECT,
            channelToken: CHANNEL,
            exchangeKey: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      project(request.body.projectId)
      const result = await farcaster.exchange(request.body)
      return reply
        .headers(noStore)
        .code(result.state === 'pending' ? 202 : 200)
        .send(result)
    },
  )
}
