import { PorticoError } from '../errors/index.js'

/** How long a signed revocation stays valid (the gateway accepts at most 10 minutes). */
export const REVOKE_DEADLINE_MS = 5 * 60_000

/** The gateway refused a signed revocation (the session stays active); `details` carries nothing secret. */
export class SessionRevokeRefusedError extends PorticoError {
  override name = 'SessionRevokeRefusedError'
  override readonly code = 'SESSION_REVOKE_REFUSED' as const
  constructor(sessionId: string) {
    super('The gateway refused to revoke the session', { details: sessionId })
  }
}
