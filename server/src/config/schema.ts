import Type, { type Static } from 'typebox'
import { EmbeddedWalletConfigSchema } from '../auth/config.js'
import { NamesConfigSchema } from '../names/config.js'
import { NftsConfigSchema } from '../nfts/config.js'
import { OnrampConfigSchema } from '../onramp/config.js'
import { PaymasterConfigSchema } from '../paymaster/config.js'
import { PaymentsConfigSchema, ProjectPaymentsConfigSchema } from '../payments/config.js'
import { RpcProxyConfigSchema } from '../rpc-proxy/config.js'
import {
  BitcoinNetworkConfigSchema,
  CosmosNetworkConfigSchema,
  NetworkConfigSchema,
  PolkadotNetworkConfigSchema,
  SolanaNetworkConfigSchema,
} from './networks.js'

// The networks' schemas and guards live in networks.ts; this module re-exports them so
// that `config/schema.js` stays the one place the whole configuration is read from.
export * from './networks.js'

export const ProjectConfigSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
  name: Type.String({ maxLength: 200 }),
  /** Exact origins, or patterns with `*` for a port or a subdomain (`http://localhost:*`). */
  allowedOrigins: Type.Array(Type.String()),
  features: Type.Optional(Type.Record(Type.String(), Type.Boolean())),
  /** Bearer secret for reading the project's analytics events; without one, only a loopback peer in `dev` mode may read. */
  secret: Type.Optional(Type.String({ minLength: 16 })),
  rateLimit: Type.Optional(
    Type.Object({ max: Type.Integer({ minimum: 1 }), windowMs: Type.Integer({ minimum: 100 }) }),
  ),
  /** Where this project's payment webhooks go (`/v1/payments`, docs/pay.md). */
  payments: Type.Optional(ProjectPaymentsConfigSchema),
  /** Embedded-wallet settings of this project; unset ones follow the gateway's `embeddedWallet`. */
  embeddedWallet: Type.Optional(
    Type.Object(
      {
        /** EmailVerifyDevice: an unseen device waits for a mailed link (default: `embeddedWallet.deviceApproval`). */
        deviceApproval: Type.Optional(Type.Boolean()),
      },
      { additionalProperties: false },
    ),
  ),
})

export const ConfigSchema = Type.Object({
  host: Type.String({ default: '127.0.0.1' }),
  port: Type.Integer({ minimum: 0, maximum: 65535, default: 8787 }),
  /** Directory of the embedded SQLite file (used when databaseUrl is not set). */
  dataDir: Type.String({ default: '.portico-data' }),
  /** `postgres://…` selects PostgreSQL; `sqlite::memory:` an in-memory SQLite. */
  databaseUrl: Type.Optional(Type.String()),
  /**
   * `redis://…` / `rediss://…`: rate limits and the balance / identity caches
   * are shared through this Redis, so several instances behind a load
   * balancer act as one. Without it they live in process memory (one instance).
   */
  redisUrl: Type.Optional(Type.String({ pattern: '^rediss?://[^\\s]+$', maxLength: 2048 })),
  /** PostgreSQL connection pool of one instance (several instances: mind the server's max_connections). */
  postgres: Type.Object(
    {
      /** Connections this instance opens at most (plus one for the indexer leader lock). */
      poolSize: Type.Integer({ minimum: 1, maximum: 1000, default: 10 }),
      /** A connection that cannot be opened (or taken from a full pool) within this fails the request with 503. */
      connectionTimeoutMs: Type.Integer({ minimum: 100, maximum: 600_000, default: 5_000 }),
      /** PostgreSQL cancels any statement running longer than this (statement_timeout); 0 turns it off. */
      statementTimeoutMs: Type.Integer({ minimum: 0, maximum: 3_600_000, default: 30_000 }),
    },
    { default: {} },
  ),
  /**
   * On SIGTERM / close(): the gateway stops accepting, lets requests in
   * flight finish for at most this long, then cuts what is left.
   */
  shutdownTimeoutMs: Type.Integer({ minimum: 0, maximum: 600_000, default: 10_000 }),
  /** SQLite commit durability: FULL fsyncs each commit (survives power loss); NORMAL survives process crashes only. */
  sqliteSynchronous: Type.Union([Type.Literal('FULL'), Type.Literal('NORMAL')], { default: 'FULL' }),
  logLevel: Type.Union(
    [
      Type.Literal('fatal'),
      Type.Literal('error'),
      Type.Literal('warn'),
      Type.Literal('info'),
      Type.Literal('debug'),
      Type.Literal('trace'),
      Type.Literal('silent'),
    ],
    { default: 'info' },
  ),
  /**
   * Behind a reverse proxy: how far X-Forwarded-For is believed for the
   * client IP (rate limits). `false` (default): not at all; a number: that
   * many proxy hops; a list: only when the connecting peer is one of these
   * addresses / CIDR ranges. `true` (believe any sender) is refused.
   */
  trustProxy: Type.Union(
    [
      Type.Literal(false),
      Type.Integer({ minimum: 1, maximum: 16 }),
      Type.Array(Type.String({ pattern: '^[0-9a-fA-F.:]+(/[0-9]{1,3})?$', maxLength: 64 }), {
        minItems: 1,
        maxItems: 64,
      }),
    ],
    { default: false },
  ),
  /**
   * Development mode: project data (analytics events) may be read from a
   * loopback peer without the project secret. Never on in production.
   */
  dev: Type.Boolean({ default: false }),
  /**
   * The gateway's public base URL (`https://gateway.example.com`), used for
   * links it hands out (wallet image_url, avatar URLs). Without it, the
   * listening address. Never taken from the client's Host header.
   */
  publicUrl: Type.Optional(Type.String({ pattern: '^https?://[^\\s/?#]+(/[^\\s?#]*)?$', maxLength: 512 })),
  /** Whole-request time limit (ms): a client that has not sent its request by then is cut off (slowloris). */
  requestTimeoutMs: Type.Integer({ minimum: 100, default: 30_000 }),
  /** Socket inactivity limit (ms): an idle or stalled connection is closed. */
  connectionTimeoutMs: Type.Integer({ minimum: 100, default: 60_000 }),
  metrics: Type.Object(
    {
      /** Bearer token for /metrics. Without one, /metrics answers loopback peers only. */
      token: Type.Optional(Type.String({ minLength: 16 })),
    },
    { default: {} },
  ),
  /** Largest accepted request body in bytes; larger bodies get 413. */
  bodyLimit: Type.Integer({ minimum: 1024, default: 64 * 1024 }),
  /** EVM (`eip155:…`), Solana (`solana:…`), Bitcoin (`bip122:…`), Cosmos (`cosmos:…`) and Polkadot (`polkadot:…`) networks. */
  networks: Type.Array(
    Type.Union([
      NetworkConfigSchema,
      SolanaNetworkConfigSchema,
      BitcoinNetworkConfigSchema,
      CosmosNetworkConfigSchema,
      PolkadotNetworkConfigSchema,
    ]),
    { default: [] },
  ),
  projects: Type.Array(ProjectConfigSchema, { default: [] }),
  /** A wallet directory file (`{ wallets: [...] }`, the shape of seed/wallets.json) instead of the shipped seed. */
  walletsFile: Type.Optional(Type.String({ minLength: 1 })),
  rateLimit: Type.Object(
    { max: Type.Integer({ minimum: 1 }), windowMs: Type.Integer({ minimum: 100 }) },
    { default: { max: 1200, windowMs: 60_000 } },
  ),
  /** Static price table: currency → (CAIP-10 token address or `caip2:native`) → price. */
  prices: Type.Record(Type.String(), Type.Record(Type.String(), Type.Number()), {
    default: {},
  }),
  /** ENS identities and name registrations (see src/names/config.ts). */
  names: NamesConfigSchema,
  cache: Type.Object(
    {
      balanceTtlMs: Type.Integer({ minimum: 0, default: 30_000 }),
      identityTtlMs: Type.Integer({ minimum: 0, default: 60_000 }),
    },
    { default: {} },
  ),
  avatars: Type.Object(
    {
      /** Largest avatar image (bytes) the gateway fetches and serves. */
      maxBytes: Type.Integer({ minimum: 1024, maximum: 16 * 1024 * 1024, default: 1024 * 1024 }),
      /** Time limit (ms) of one avatar fetch, redirects included. */
      timeoutMs: Type.Integer({ minimum: 100, maximum: 60_000, default: 5000 }),
    },
    { default: {} },
  ),
  /** NFT metadata and images: allowed origins, limits and cache budgets (see src/nfts/config.ts). */
  nfts: NftsConfigSchema,
  /** Old rows are pruned on a schedule (every instance may prune; deleting twice is harmless). */
  retention: Type.Object(
    {
      /** Analytics events older than this many days (by arrival) are deleted; 0 keeps them forever. */
      analyticsDays: Type.Integer({ minimum: 0, maximum: 36_500, default: 90 }),
      /**
       * A used signature (the replay guard of name registrations and
       * sessions) is kept this long after its signed message can no longer be
       * accepted anyway, then deleted.
       */
      usedSignaturesGraceMs: Type.Integer({ minimum: 0, maximum: 365 * 86_400_000, default: 86_400_000 }),
      /** How often the pruning runs (ms); 0 turns it off. */
      intervalMs: Type.Integer({ minimum: 0, maximum: 7 * 86_400_000, default: 3_600_000 }),
    },
    { default: {} },
  ),
  analytics: Type.Object(
    {
      /** Events are committed in groups: a group closes after this many ms (0: at the end of the I/O turn) or maxBatch events. */
      flushMs: Type.Integer({ minimum: 0, default: 0 }),
      maxBatch: Type.Integer({ minimum: 1, default: 500 }),
    },
    { default: {} },
  ),
  /** Onramp providers and payment limits (see src/onramp/config.ts). */
  onramp: OnrampConfigSchema,
  /** JSON-RPC through the gateway (see src/rpc-proxy): upstreams, limits, ranking. */
  rpc: RpcProxyConfigSchema,
  /** Email login and the signer frame of the embedded wallet (see src/auth); off when absent. */
  embeddedWallet: Type.Optional(EmbeddedWalletConfigSchema),
  /** ERC-7677 gas sponsorship and the bundler proxy (see src/paymaster and docs/smart-accounts.md); off when absent. */
  paymaster: Type.Optional(PaymasterConfigSchema),
  /** Payments (`/v1/payments`, see src/payments and docs/pay.md): chain re-reads and webhook retries. */
  payments: PaymentsConfigSchema,
})

/** The gateway's configuration after defaults are applied. */
export type GatewayConfig = Static<typeof ConfigSchema>
export type ProjectConfig = Static<typeof ProjectConfigSchema>
