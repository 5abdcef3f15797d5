export { registerSessionRoutes } from './routes.js'
export {
  MAX_EXPIRY,
  MAX_PERMISSIONS_CHARS,
  MAX_PERMISSIONS_DEPTH,
  MAX_REVOKE_WINDOW_MS,
  MAX_SESSION_LIFETIME_MS,
  MAX_SESSIONS_LISTED,
  SessionService,
  type SessionView,
} from './service.js'
