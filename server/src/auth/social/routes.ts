import Type from 'typebox'
import type { ProjectConfig } from '../../config/index.js'
import type { App } from '../../http/app.js'
import { ApiError } from '../../http/errors.js'
import { CALLBACK_HTML, CALLBACK_JS } from './callback-page.js'
import type { SocialAuthService } from './service.js'

const PROJECT = Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' })
const PROVIDER = Type.String({ minLength: 1, maxLength: 16, pattern: '^[a-z]+$' })
/** RFC 7636: a base64url SHA-256 is 43 characters; a verifier 43–128 unreserved characters. */
const CHALLENGE = Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' })
const VERIFIER = Type.String({ pattern: '^[A-Za-z0-9._~-]{43,128}$' })
const STATE = Type.String({ pattern: '^[A-Za-z0-9_-]{16,128}$' })

/**
 * Social-login endpoints on the signer listener (the frame calls them):
 * POST /v1/auth/social/start `{ projectId, provider, codeChallenge }` → `{ url, state }`;
 * POST /v1/auth/social/exchange `{ projectId, provider, state, code, codeVerifier }` → `{ token, expiresAt, provider, label }`;
 * GET /v1/auth/social/providers → `{ providers }`; GET /v1/auth/social/callback (the redirect URI page).
 */
export function registerSocialAuthRoutes(
  app: App,
  social: SocialAuthService,
  projects: readonly ProjectConfig[],
) {
  const knownProject = (id: string) => {
    if (!projects.some((p) => p.id === id))
      throw new ApiError(401, 'invalid_key', 'Unauthorized: invalid key')
  }
  const noStore = { 'cache-control': 'no-store' }

  app.get('/v1/auth/social/providers', { config: { auth: 'public' } }, async (_request, reply) =>
    reply.send({ providers: social.enabled() }),
  )

  app.post(
    '/v1/auth/social/start',
    {
      config: { auth: 'public' },
      schema: {
        body: Type.Object(
          { projectId: PROJECT, provider: PROVIDER, codeChallenge: CHALLENGE },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      knownProject(request.body.projectId)
      const { projectId, provider, codeChallenge } = request.body
      return reply.headers(noStore).send(await social.start(projectId, provider, codeChallenge))
    },
  )

  app.post(
    '/v1/auth/social/exchange',
    {
      config: { auth: 'public' },
      schema: {
        body: Type.Object(
          {
            projectId: PROJECT,
            provider: PROVIDER,
            state: STATE,
            code: Type.String({ minLength: 1, maxLength: 2048 }),
            codeVerifier: VERIFIER,
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      knownProject(request.body.projectId)
      return reply.headers(noStore).send(await social.exchange(request.body))
    },
  )

  app.get('/v1/auth/social/callback', { config: { auth: 'public' } }, async (_request, reply) =>
    reply
      .headers({
        ...noStore,
        'content-security-policy':
          "default-src 'none'; script-src 'self'; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
      })
      .type('text/html; charset=utf-8')
      .send(CALLBACK_HTML),
  )
  app.get('/v1/auth/social/callback.js', { config: { auth: 'public' } }, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('x-content-type-options', 'nosniff')
      .send(CALLBACK_JS),
  )
}
