import { type CodeMailer, createAuthServices, smtpMailer } from '../auth/index.js'
import { type GatewayConfig, isPolkadotNetwork } from '../config/index.js'
import type { Metrics } from '../http/metrics.js'
import type { RateLimitStore } from '../shared/index.js'
import { createSignerListener, type SignerListener } from '../signer-frame/index.js'
import type { Database } from '../storage/index.js'

/** What the embedded wallet borrows from the gateway it runs in. */
export interface EmbeddedWalletDeps {
  db: Database
  rateLimitStore: RateLimitStore
  metrics: Metrics
  secretUrls: Map<string, string>
}

/**
 * Email, social and Farcaster login and the signer frame (`embeddedWallet`
 * config): the auth services and a second listener, so the frame has an
 * origin of its own. Nothing when the config has no `embeddedWallet`.
 */
export function embeddedWallet(
  config: GatewayConfig,
  options: { mailer?: CodeMailer; logStream?: { write(line: string): void } },
  deps: EmbeddedWalletDeps,
): { mailer: CodeMailer | undefined; signer: SignerListener | undefined } {
  const ew = config.embeddedWallet
  if (!ew) return { mailer: undefined, signer: undefined }
  const mailer = options.mailer ?? smtpMailer(ew)
  const auth = createAuthServices({
    db: deps.db,
    config: ew,
    mailer,
    limits: deps.rateLimitStore,
    projects: config.projects,
    signerUrl: () => signer.url(),
  })
  const signer: SignerListener = createSignerListener({
    config: ew,
    host: config.host,
    projects: config.projects,
    auth,
    polkadotNetworks: config.networks.filter(isPolkadotNetwork),
    app: {
      logLevel: config.logLevel,
      bodyLimit: config.bodyLimit,
      trustProxy: config.trustProxy,
      requestTimeoutMs: config.requestTimeoutMs,
      connectionTimeoutMs: config.connectionTimeoutMs,
      metricsToken: config.metrics.token,
      secretUrls: deps.secretUrls,
      rateLimit: config.rateLimit,
      metrics: deps.metrics,
      logStream: options.logStream,
    },
  })
  return { mailer, signer }
}
