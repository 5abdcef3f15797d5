export { KeyExportService } from './export.js'
export { type ReleasePurpose, reauthRequired, ShareReleasePolicy } from './policy.js'
export { registerShareRoutes } from './routes.js'
export { noWallet, ShareStore, type StoredShare, walletExists } from './store.js'
