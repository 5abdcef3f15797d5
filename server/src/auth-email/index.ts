export { type EmbeddedWalletConfig, EmbeddedWalletConfigSchema } from './config.js'
export { type CodeMailer, smtpMailer } from './mailer.js'
export { registerEmailAuthRoutes } from './routes.js'
export {
  type AuthSession,
  cooldownMessage,
  EmailAuthService,
  normalizeEmail,
  type StoredShare,
} from './service.js'
export { AUTH_EMAIL_MIGRATION } from './store.js'
