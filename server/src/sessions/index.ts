export { registerSessionRoutes } from './routes.js'
export {
  MAX_EXPIRY,
  MAX_PERMISSIONS_CHARS,
  MAX_PERMISSIONS_DEPTH,
  revokeSessionMessage,
  SessionService,
  type SessionView,
} from './service.js'
