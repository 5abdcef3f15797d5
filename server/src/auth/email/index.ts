export { type AfterCode, registerEmailAuthRoutes } from './routes.js'
export { EmailAuthService } from './service.js'
export { AUTH_EMAIL_MIGRATION } from './store.js'
