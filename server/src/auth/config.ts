import Type, { type Static } from 'typebox'
import { FarcasterConfigSchema } from './farcaster/config.js'
import { SocialConfigSchema } from './social/config.js'

/**
 * `embeddedWallet` in the gateway config: the signer listener (its own
 * origin, for the frame) and email login. SMTP credentials and the secret live
 * here only, never in a client.
 */
export const EmbeddedWalletConfigSchema = Type.Object({
  /**
   * At least 32 characters. Keys the OTP and session-token hashes and (through
   * HKDF) the AES-256-GCM key of the stored auth shares. Changing it logs
   * everyone out and makes stored auth shares unreadable.
   */
  secret: Type.String({ minLength: 32, maxLength: 512 }),
  /** Address the signer listener binds (default: the gateway's host). */
  signerHost: Type.Optional(Type.String()),
  /** Port of the signer listener; 0 picks a free one. Must differ from `port`: the frame needs its own origin. */
  signerPort: Type.Integer({ minimum: 0, maximum: 65535, default: 8788 }),
  /** Public base URL of the signer listener (`https://signer.example.com`); default its listening address. */
  signerUrl: Type.Optional(Type.String({ pattern: '^https?://[^\\s/?#]+$', maxLength: 512 })),
  smtp: Type.Object({
    host: Type.String({ minLength: 1 }),
    port: Type.Integer({ minimum: 1, maximum: 65535 }),
    /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
    secure: Type.Boolean({ default: false }),
    user: Type.Optional(Type.String()),
    pass: Type.Optional(Type.String()),
    /** The From header, e.g. `"Example" <login@example.com>`. */
    from: Type.String({ minLength: 3, maxLength: 320 }),
  }),
  /** Product name in the mail's subject and body. */
  appName: Type.String({ minLength: 1, maxLength: 80, default: 'Portico' }),
  /** A code is valid this long (issue 14: 10 minutes). */
  codeTtlMs: Type.Integer({ minimum: 10_000, maximum: 3_600_000, default: 600_000 }),
  /** Wrong tries before a code is burnt (issue 14: 5). */
  maxAttempts: Type.Integer({ minimum: 1, maximum: 20, default: 5 }),
  /**
   * Wrong codes per account, across codes (login, email change, export), before
   * every code of the account is refused for `accountFailureWindowMs` (issue 29).
   */
  accountFailureCap: Type.Integer({ minimum: 1, maximum: 1000, default: 10 }),
  accountFailureWindowMs: Type.Integer({ minimum: 1_000, maximum: 7 * 86_400_000, default: 3_600_000 }),
  /** SPEC §9 email-login cool-down, applied per address on the server too. */
  resendCooldownMs: Type.Integer({ minimum: 0, maximum: 600_000, default: 30_000 }),
  /** Codes mailed per address per hour. */
  perEmailPerHour: Type.Integer({ minimum: 1, maximum: 1000, default: 10 }),
  /** Code requests + verifications per client IP per hour. */
  perIpPerHour: Type.Integer({ minimum: 1, maximum: 100_000, default: 60 }),
  /** Recovery-share releases without a confirmed unlock before the recovery is locked (issue 14: attempts limited). */
  recoveryAttempts: Type.Integer({ minimum: 1, maximum: 20, default: 5 }),
  /** How long a recovery stays locked after the last attempt is used. */
  recoveryLockMs: Type.Integer({ minimum: 1_000, maximum: 7 * 86_400_000, default: 3_600_000 }),
  /** A session token lives this long. */
  sessionTtlMs: Type.Integer({ minimum: 60_000, maximum: 90 * 86_400_000, default: 7 * 86_400_000 }),
  /**
   * Issue 14 EmailVerifyDevice: a login from a device the account has not
   * seen waits for a one-time link mailed to the address (off by default).
   */
  deviceApproval: Type.Boolean({ default: false }),
  /** A device-approval link is valid this long (15 minutes). */
  deviceLinkTtlMs: Type.Integer({ minimum: 10_000, maximum: 86_400_000, default: 900_000 }),
  /** Private-key exports allowed per account per day (each is logged). */
  exportsPerDay: Type.Integer({ minimum: 1, maximum: 100, default: 3 }),
  /** Auth-share releases for signing (GET /v1/auth/share) allowed per account per day (each is logged). */
  shareReleasesPerDay: Type.Integer({ minimum: 1, maximum: 100_000, default: 1000 }),
  /**
   * A session may have the auth share released for signing this long after
   * its login; later the visitor logs in again (export always needs a fresh code).
   */
  shareReauthMs: Type.Integer({ minimum: 60_000, maximum: 90 * 86_400_000, default: 86_400_000 }),
  /** Social (OAuth / OpenID Connect) login: the providers offered and their app credentials. */
  social: Type.Optional(SocialConfigSchema),
  /** Sign In With Farcaster: the relay and the ID registry; off unless set. */
  farcaster: Type.Optional(FarcasterConfigSchema),
})

export type EmbeddedWalletConfig = Static<typeof EmbeddedWalletConfigSchema>
