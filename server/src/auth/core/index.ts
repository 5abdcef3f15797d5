export { checkCode, codeExpired, cooldown, cooldownMessage, normalizeEmail } from './codes.js'
export { type AuthKeys, deriveKeys, mac, newCode, newToken, sameHex, seal, unseal } from './crypto.js'
export { AccountFailures, failuresLockedMessage } from './failures.js'
export { type CodeMailer, type CodePurpose, smtpMailer } from './mailer.js'
export { PROJECT_HEADER, registerProjectBinding } from './project-binding.js'
export { registerSessionRoutes } from './routes.js'
export { CODE, DEVICE_ID, EMAIL, NO_STORE, PROJECT, RECOVERY_BLOB } from './schemas.js'
export {
  type AuthSession,
  bearer,
  type NewSession,
  type SessionInfo,
  SessionStore,
  sessionExpired,
} from './sessions.js'
