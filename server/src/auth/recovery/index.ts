export { registerRecoveryRoutes } from './routes.js'
export {
  RECOVERY_BLOB,
  RECOVERY_VERIFIER,
  type RecoveryRelease,
  RecoveryService,
  type RecoveryStatus,
  recoveryLockedMessage,
  verifierUpgradeMessage,
} from './service.js'
export { AUTH_RECOVERY_MIGRATION } from './store.js'
