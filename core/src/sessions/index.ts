// createSmartSessions (smart-sessions.ts) has a door of its own, runtime.ts: only portico/actions.ts
// (loaded with import()) reaches it, so a page's first load never does through this one (issue 31).
export { REVOKE_DEADLINE_MS, SessionRevokeRefusedError } from './errors.js'
