export { DEVICE_ID, DeviceApprovalService, type LoginOutcome, type PendingState } from './device.js'
export { EmailChangeService, type EmailChangeStep } from './email-change.js'
export { type AccountServices, registerAccountRoutes } from './routes.js'
export { AUTH_ACCOUNT_MIGRATION } from './store.js'
