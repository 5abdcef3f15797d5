/**
 * The embedded wallet's auth rooms: `core/` (sessions, codes, crypto, mail)
 * that every login method depends on; the login methods `email/`, `social/`,
 * `farcaster/`; the wallet's `share/` and `recovery/`; and `account/`
 * (device approval, email change, key export). A method never imports
 * another method: `auth-layers.test.ts` checks it and that there are no cycles.
 */
export { type EmbeddedWalletConfig, EmbeddedWalletConfigSchema } from './config.js'
export { type AuthSession, type CodeMailer, smtpMailer } from './core/index.js'
export { type AuthServices, createAuthServices, registerAuthRoutes } from './services.js'
