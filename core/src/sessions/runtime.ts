// Smart sessions: imported by portico/actions.ts only (an import() chunk, issue 31).
export { createSmartSessions, type SmartSessionsDeps } from './smart-sessions.js'
