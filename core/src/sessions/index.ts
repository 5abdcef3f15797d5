export { REVOKE_DEADLINE_MS, SessionRevokeRefusedError } from './revoke.js'
export { createSmartSessions, type SmartSessionsDeps } from './smart-sessions.js'
