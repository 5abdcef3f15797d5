export { registerRecoveryRoutes } from './routes.js'
export { RECOVERY_BLOB, type RecoveryRelease, RecoveryService, recoveryLockedMessage } from './service.js'
export { AUTH_RECOVERY_MIGRATION } from './store.js'
