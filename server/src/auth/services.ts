import type { ProjectConfig } from '../config/index.js'
import type { App } from '../http/app.js'
import type { RateLimitStore } from '../shared/index.js'
import type { Database } from '../storage/index.js'
import { DeviceApprovalService, EmailChangeService, registerAccountRoutes } from './account/index.js'
import type { EmbeddedWalletConfig } from './config.js'
import {
  AccountFailures,
  type CodeMailer,
  registerProjectBinding,
  registerSessionRoutes,
  SessionStore,
} from './core/index.js'
import { EmailAuthService, registerEmailAuthRoutes } from './email/index.js'
import { FarcasterAuthService, registerFarcasterAuthRoutes } from './farcaster/index.js'
import { RecoveryService, registerRecoveryRoutes } from './recovery/index.js'
import { KeyExportService, registerShareRoutes, ShareReleasePolicy, ShareStore } from './share/index.js'
import { registerSocialAuthRoutes, SocialAuthService } from './social/index.js'

/** Every auth service of the embedded wallet, built once per gateway around one session core. */
export interface AuthServices {
  sessions: SessionStore
  shares: ShareStore
  /** The one path an auth share leaves by (signing and export). */
  policy: ShareReleasePolicy
  email: EmailAuthService
  recovery: RecoveryService
  devices: DeviceApprovalService
  emailChange: EmailChangeService
  keyExport: KeyExportService
  social?: SocialAuthService
  farcaster?: FarcasterAuthService
}

/** Builds the auth services for `embeddedWallet` (`signerUrl` is the signer origin, known once it listens). */
export function createAuthServices(options: {
  db: Database
  config: EmbeddedWalletConfig
  mailer: CodeMailer
  limits: RateLimitStore
  projects: readonly ProjectConfig[]
  signerUrl: () => string | undefined
  now?: () => number
}): AuthServices {
  const { db, config, mailer, limits, projects, signerUrl } = options
  const now = options.now ?? Date.now
  const sessions = new SessionStore(db, config, now)
  const shares = new ShareStore(db, config.secret, now)
  const policy = new ShareReleasePolicy(db, config, shares, now)
  const failures = new AccountFailures(
    db,
    { cap: config.accountFailureCap, windowMs: config.accountFailureWindowMs },
    now,
  )
  return {
    sessions,
    shares,
    policy,
    email: new EmailAuthService(db, config, mailer, limits, sessions, failures, now),
    recovery: new RecoveryService(db, config, (token) => sessions.session(token), now),
    devices: new DeviceApprovalService(db, config, mailer, limits, sessions, signerUrl, now, projects),
    emailChange: new EmailChangeService(db, config, mailer, limits, sessions, failures, now),
    keyExport: new KeyExportService(db, config, mailer, limits, sessions, policy, failures, now),
    ...(config.social
      ? {
          social: new SocialAuthService(db, config.social, sessions, {
            secret: config.secret,
            // Social login's redirect URI is on the signer origin.
            redirectUri: () => `${signerUrl() ?? ''}/v1/auth/social/callback`,
            now,
          }),
        }
      : {}),
    ...(config.farcaster
      ? {
          farcaster: new FarcasterAuthService(db, config.farcaster, sessions, { secret: config.secret, now }),
        }
      : {}),
  }
}

/** Every auth endpoint, on the signer listener. */
export function registerAuthRoutes(app: App, auth: AuthServices, projects: readonly ProjectConfig[]) {
  // Before any route: a session is used only for the project that opened it.
  registerProjectBinding(app, auth.sessions, projects)
  registerSessionRoutes(app, auth.sessions)
  registerEmailAuthRoutes(app, auth.email, projects, auth.devices)
  registerShareRoutes(
    app,
    auth.sessions,
    auth.shares,
    auth.policy,
    auth.keyExport,
    (email, address, blob, verifier) => auth.recovery.insert(email, address, blob, verifier),
  )
  registerAccountRoutes(app, auth)
  registerRecoveryRoutes(app, auth.recovery)
  if (auth.social) registerSocialAuthRoutes(app, auth.social, projects)
  if (auth.farcaster) registerFarcasterAuthRoutes(app, auth.farcaster, projects)
}
