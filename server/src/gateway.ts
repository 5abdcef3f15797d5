import type { AddressInfo } from 'node:net'
import { AnalyticsWriter, registerAnalyticsRoutes } from './analytics/index.js'
import type { CodeMailer } from './auth/index.js'
import {
  BalanceService,
  bitcoinBalanceReader,
  ChainRegistry,
  cosmosBalanceReader,
  evmBalanceReader,
  polkadotBalanceReader,
  registerChainRoutes,
  solanaBalanceReader,
  staticPrices,
} from './chains/index.js'
import {
  type GatewayConfig,
  isBitcoinNetwork,
  isCosmosNetwork,
  isEvmNetwork,
  isPolkadotNetwork,
  isSolanaNetwork,
} from './config/index.js'
import { DexService, registerConvertRoutes } from './convert/index.js'
import { loadSeedWallets, registerDirectoryRoutes, WalletDirectory } from './directory/index.js'
import type { HostResolver } from './egress/index.js'
import { drain, embeddedWallet, secretUrlsOf } from './gateway-parts/index.js'
import { type App, buildApp } from './http/app.js'
import { Metrics } from './http/metrics.js'
import {
  HistoryIndexer,
  HistoryService,
  postgresLeadership,
  registerHistoryRoutes,
  singleInstanceLeadership,
} from './indexer/index.js'
import { EnsIdentityResolver, NameService, registerNameRoutes } from './names/index.js'
import { NftService, registerNftRoutes } from './nfts/index.js'
import { registerOnramp } from './onramp/index.js'
import { PaymasterService } from './paymaster/index.js'
import { type Payments, registerPayments } from './payments/index.js'
import { RetentionPruner } from './retention/index.js'
import { proxiedChains, RpcProxyService, registerRpcProxyRoutes } from './rpc-proxy/index.js'
import { registerSessionRoutes, SessionService } from './sessions/index.js'
import {
  connectRedis,
  FailOverRateLimitStore,
  type FallbackReporter,
  MemoryRateLimitStore,
  memoryCaches,
  type RedisLink,
  RedisRateLimitStore,
  redisCaches,
  watchRedis,
} from './shared/index.js'
import type { SignerListener } from './signer-frame/index.js'
import {
  bitcoinSignInVerifier,
  cosmosSignInVerifier,
  evmSignInVerifier,
  polkadotSignInVerifier,
  registerSiwxRoutes,
  SiwxService,
  solanaSignInVerifier,
} from './siwx/index.js'
import { type Database, openDatabase } from './storage/index.js'

/** A running (or ready to run) gateway. */
export interface Gateway {
  app: App
  db: Database
  config: GatewayConfig
  metrics: Metrics
  indexer: HistoryIndexer
  /** The analytics group-commit writer (tests and embedders write through it directly). */
  analytics: AnalyticsWriter
  /** Deletes analytics events and used signatures past their retention, on a schedule. */
  retention: RetentionPruner
  /** Payments (`/v1/payments`): the service, its chain watcher and the webhook worker. */
  payments: Payments
  /** Sign-in sessions (revoke one by id from the host's own tooling). */
  siwx: SiwxService
  /** The RPC proxy (`POST /v1?chainId=…`); undefined when `rpc.enabled` is false. */
  rpc: RpcProxyService | undefined
  /** The signer listener of the embedded wallet (`embeddedWallet` config), its own origin. */
  signer: SignerListener | undefined
  /** Public URL of the signer listener once listening (undefined without `embeddedWallet`). */
  signerUrl(): string | undefined
  /** Starts listening (and the signer listener); resolves to the base URL (`http://127.0.0.1:<port>`). */
  listen(): Promise<string>
  /** Stops background work, closes the HTTP server and the database. */
  close(): Promise<void>
}

export interface CreateGatewayOptions {
  /** Collects the JSON log lines (tests); stdout by default. */
  logStream?: { write(line: string): void }
  /** Start the history indexer (default: true when a network enables it). */
  indexer?: boolean
  /**
   * TESTS ONLY: let the gateway's outbound fetches (avatars) reach loopback
   * addresses, where test servers listen. Every other private range stays refused.
   */
  unsafeAllowLoopbackFetch?: boolean
  /**
   * TESTS ONLY: answers the DNS of the gateway's outbound fetches (avatars,
   * NFT metadata and images), so tests use host names that map to loopback
   * test servers. Answers still pass the address policy.
   */
  unsafeResolve?: HostResolver
  /** Replaces the SMTP mailer of email login (tests of a failing mail server). */
  mailer?: CodeMailer
}

/**
 * Builds the gateway from a resolved configuration: opens and migrates the
 * database, wires the services and routes. Nothing listens until `listen()`.
 *
 * @example
 * const gateway = await createGateway(resolveConfig({ port: 0 }))
 * const url = await gateway.listen()
 */
export async function createGateway(
  config: GatewayConfig,
  options: CreateGatewayOptions = {},
): Promise<Gateway> {
  const db = await openDatabase(config)
  let redis: RedisLink | undefined
  try {
    redis = config.redisUrl ? await connectRedis(config.redisUrl) : undefined
  } catch (error) {
    await db.close()
    throw error
  }
  const metrics = new Metrics()
  // Bound to the app's logger below, once it exists.
  let rateLimitLog: FallbackReporter = { warn() {}, info() {} }
  const rateLimitStore = redis
    ? new FailOverRateLimitStore(
        redis.client,
        new RedisRateLimitStore(redis.client),
        { warn: (o, m) => rateLimitLog.warn(o, m), info: (o, m) => rateLimitLog.info(o, m) },
        metrics,
      )
    : new MemoryRateLimitStore()
  const solana = config.networks.filter(isSolanaNetwork)
  // Indexer, history and names work on EVM networks only; Solana, Bitcoin, Cosmos and Polkadot networks serve balances.
  const chains = new ChainRegistry(config.networks.filter(isEvmNetwork), {
    ccipRead: config.names.ccipRead,
    ccipFetch: {
      ...(options.unsafeAllowLoopbackFetch ? { allowLoopback: true } : {}),
      ...(options.unsafeResolve ? { resolve: options.unsafeResolve } : {}),
    },
  })
  const prices = staticPrices(config.prices)
  // Cosmos before Solana: a bech32 address is never a valid Solana key, the other way round is not checked.
  const readers = [
    evmBalanceReader(chains, prices),
    cosmosBalanceReader(config.networks.filter(isCosmosNetwork), prices),
    solanaBalanceReader(solana, prices),
    bitcoinBalanceReader(config.networks.filter(isBitcoinNetwork), prices),
    polkadotBalanceReader(config.networks.filter(isPolkadotNetwork), prices),
  ]

  let indexer!: HistoryIndexer
  let listening: string | undefined
  // Links the gateway hands out use the configured public URL, never the client's Host header.
  const publicUrl = () =>
    (config.publicUrl ?? listening ?? `http://${config.host}:${config.port}`).replace(/\/$/, '')
  const rpcChains = config.rpc.enabled ? proxiedChains(config) : []
  const secretUrls = secretUrlsOf(config, rpcChains)
  const app = buildApp({
    logLevel: config.logLevel,
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    requestTimeoutMs: config.requestTimeoutMs,
    connectionTimeoutMs: config.connectionTimeoutMs,
    metricsToken: config.metrics.token,
    secretUrls,
    projects: config.projects,
    rateLimit: config.rateLimit,
    rateLimitStore,
    metrics,
    logStream: options.logStream,
    health: async () => {
      await db.query('SELECT 1 AS ok')
      if (indexer.chains.length === 0) return { database: db.dialect }
      const cursors: Record<string, number | null> = {}
      for (const chain of indexer.chains) {
        const next = await indexer.cursor(chain)
        cursors[chain] = next === undefined ? null : Number(next)
      }
      // Which chains this instance indexes (the others' leaders are elsewhere).
      return { database: db.dialect, indexer: cursors, indexerLeader: indexer.leadership.held() }
    },
  })
  let caches = memoryCaches()
  if (redis) {
    watchRedis(redis, app.log)
    rateLimitLog = app.log
    caches = await redisCaches(redis, app.log, metrics)
    app.log.info('rate limits and caches shared through Redis')
  }
  const balances = new BalanceService(config.cache.balanceTtlMs, metrics, caches)
  registerChainRoutes(app, { chains, balances, prices, readers, solana })
  registerConvertRoutes(app, { chains, prices, dex: new DexService(chains) })
  const nfts = new NftService(
    db,
    chains,
    {
      origins: config.nfts.metadataOrigins,
      ipfsGateway: config.nfts.ipfsGateway,
      maxMetadataBytes: config.nfts.maxMetadataBytes,
      maxImageBytes: config.nfts.maxImageBytes,
      timeoutMs: config.nfts.timeoutMs,
      ...(options.unsafeAllowLoopbackFetch ? { allowLoopback: true } : {}),
      ...(options.unsafeResolve ? { resolve: options.unsafeResolve } : {}),
    },
    config.nfts.spamCollections,
    { metadataCacheBytes: config.nfts.metadataCacheBytes, imageCacheBytes: config.nfts.imageCacheBytes },
    metrics,
  )
  registerHistoryRoutes(app, {
    history: new HistoryService(db, chains, prices, nfts),
    chains,
    bitcoin: config.networks.filter(isBitcoinNetwork),
    solana,
    cosmos: config.networks.filter(isCosmosNetwork),
    polkadot: config.networks.filter(isPolkadotNetwork),
    publicUrl,
  })
  const leadership =
    db.dialect === 'postgres' && config.databaseUrl
      ? postgresLeadership(config.databaseUrl, app.log, {
          connectTimeoutMs: config.postgres.connectionTimeoutMs,
        })
      : singleInstanceLeadership()
  indexer = new HistoryIndexer(db, chains, app.log, metrics, leadership)
  if (db.dialect === 'sqlite') {
    if (indexer.chains.length > 0 || config.redisUrl)
      app.log.info(
        'SQLite database: this gateway runs as a single instance (the indexer runs here); several instances need PostgreSQL',
      )
    if (config.redisUrl)
      app.log.warn('REDIS_URL is set but the database is SQLite: instances would not share their data')
  }
  const ens = new EnsIdentityResolver(chains, {
    defaultNetwork: config.names.ensNetwork,
    timeoutMs: config.names.ensTimeoutMs,
    log: app.log,
  })
  registerNameRoutes(
    app,
    new NameService(
      db,
      config.names.zone,
      config.names.maxMessageAgeMs,
      config.cache.identityTtlMs,
      ens,
      caches,
    ),
    {
      publicUrl,
      avatars: {
        ...config.avatars,
        ...(options.unsafeAllowLoopbackFetch ? { allowLoopback: true } : {}),
        ...(options.unsafeResolve ? { resolve: options.unsafeResolve } : {}),
      },
    },
  )
  registerNftRoutes(app, { nfts, chains, publicUrl })
  registerSessionRoutes(app, new SessionService(db))
  const siwx = new SiwxService(db, {
    eip155: evmSignInVerifier(chains),
    solana: solanaSignInVerifier,
    polkadot: polkadotSignInVerifier,
    bip122: bitcoinSignInVerifier,
    cosmos: cosmosSignInVerifier(config.networks.filter(isCosmosNetwork)),
  })
  registerSiwxRoutes(app, siwx)
  const wallets = loadSeedWallets(config.walletsFile, (id, problem) =>
    app.log.warn({ wallet: id, problem }, 'wallet directory entry dropped'),
  )
  registerDirectoryRoutes(app, new WalletDirectory(wallets), { publicUrl })
  registerOnramp(app, { config: config.onramp, db, chains, prices })
  const payments = registerPayments(app, {
    db,
    chains,
    networks: config.networks,
    config: config.payments,
    projects: config.projects,
    dev: config.dev,
  })
  const writer = new AnalyticsWriter(
    db,
    // Two groups in flight keep the SQLite writer thread busy: the next group is queued while one commits.
    { ...config.analytics, parallel: db.dialect === 'postgres' ? 4 : 2 },
    metrics,
  )
  registerAnalyticsRoutes(app, { writer, db, dev: config.dev })
  const rpc = config.rpc.enabled ? new RpcProxyService(rpcChains, config.rpc, app.log, metrics) : undefined
  // ERC-7677 sponsorship and the bundler methods ride on the RPC proxy's path.
  const paymaster =
    rpc && config.paymaster
      ? new PaymasterService(
          config.paymaster,
          db,
          app.log,
          metrics,
          Date.now,
          (id) => config.projects.find((p) => p.id === id)?.name,
        )
      : undefined
  if (config.paymaster && !rpc)
    app.log.warn('paymaster configured but the RPC proxy is off: no /v1 path to serve it on')
  if (rpc) registerRpcProxyRoutes(app, { service: rpc, rateLimitStore, extension: paymaster })
  const retention = new RetentionPruner(db, config.retention, app.log, metrics)

  // Email login and the signer frame: a second listener, so the frame has an origin of its own.
  const { mailer, signer } = embeddedWallet(config, options, { db, rateLimitStore, metrics, secretUrls })
  let closed = false
  return {
    app,
    db,
    config,
    metrics,
    indexer,
    analytics: writer,
    retention,
    payments,
    siwx,
    rpc,
    signer,
    signerUrl: () => signer?.url(),
    async listen() {
      await app.listen({ host: config.host, port: config.port })
      await signer?.listen()
      if (options.indexer !== false) indexer.start()
      retention.start()
      rpc?.start()
      const { port } = app.server.address() as AddressInfo
      const host = config.host.includes(':') ? `[${config.host}]` : config.host
      listening = `http://${host}:${port}`
      return listening
    },
    async close() {
      if (closed) return
      closed = true
      // The leader lock goes first, so another instance takes the indexer over while this one drains.
      await indexer.stop()
      await retention.stop()
      rpc?.stop()
      await drain(app, config.shutdownTimeoutMs)
      await signer?.close()
      mailer?.close()
      await writer.drain()
      await redis?.close()
      await db.close()
    },
  }
}
