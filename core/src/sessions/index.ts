export {
  createSmartSessions,
  REVOKE_DEADLINE_MS,
  SessionRevokeRefusedError,
  type SmartSessionsDeps,
} from './smart-sessions.js'
