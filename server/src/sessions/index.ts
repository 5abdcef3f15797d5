export { registerSessionRoutes } from './routes.js'
export { createSessionMessage, revokeSessionMessage, SessionService, type SessionView } from './service.js'
