import type { ProjectConfig } from '../../config/index.js'
import type { App } from '../../http/app.js'
import { ApiError } from '../../http/errors.js'
import { bearer, type SessionStore } from './sessions.js'

/** The header the signer frame names its project with, on every /v1/auth request. */
export const PROJECT_HEADER = 'x-portico-project'

const PROJECT_ID = /^[A-Za-z0-9_-]{1,128}$/

/**
 * Sessions are bound to the project that opened them (issue 29): every
 * /v1/auth request that carries a session (`Authorization: Bearer`) names
 * its project in `X-Portico-Project` (the frame sends the `projectId` of
 * its URL, which the gateway checked when serving the frame), and a session
 * used for another project is refused (403 `session_wrong_project`),
 * whatever the route. A request without the header is a 400
 * `project_required`; a project no longer configured, a 401 `invalid_key`.
 */
export function registerProjectBinding(app: App, sessions: SessionStore, projects: readonly ProjectConfig[]) {
  app.addHook('preHandler', async (request) => {
    // The matched route, not the raw URL: no spelling of the path slips past.
    if (!request.routeOptions.url?.startsWith('/v1/auth/')) return
    const token = bearer(request.headers.authorization)
    if (token === undefined) return
    const named = request.headers[PROJECT_HEADER]
    if (typeof named !== 'string' || !PROJECT_ID.test(named))
      throw new ApiError(
        400,
        'project_required',
        'Name the project this session is used for in the X-Portico-Project header',
      )
    if (!projects.some((p) => p.id === named))
      throw new ApiError(401, 'invalid_key', 'Unauthorized: invalid key')
    // Unknown, expired or revoked: 401 "Session Expired" here, as the route would answer.
    const s = await sessions.session(token)
    if (s.projectId !== named)
      throw new ApiError(
        403,
        'session_wrong_project',
        'This session belongs to another project: sign in again on this site',
      )
  })
}
