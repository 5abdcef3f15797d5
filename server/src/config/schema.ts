import Type, { type Static } from 'typebox'
import { EmbeddedWalletConfigSchema } from '../auth/config.js'
import { OnrampConfigSchema } from '../onramp/config.js'
import { PaymasterConfigSchema } from '../paymaster/config.js'
import { PaymentsConfigSchema, ProjectPaymentsConfigSchema } from '../payments/config.js'
import { RpcProxyConfigSchema } from '../rpc-proxy/config.js'

const EvmAddress = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' })

export const TokenConfigSchema = Type.Object({
  address: EvmAddress,
  symbol: Type.String({ minLength: 1, maxLength: 32 }),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  decimals: Type.Integer({ minimum: 0, maximum: 77 }),
  iconUrl: Type.Optional(Type.String()),
})

export const NetworkConfigSchema = Type.Object({
  /** CAIP-2 id, e.g. `eip155:31337`. */
  caipNetworkId: Type.String({ pattern: '^eip155:[0-9]{1,12}$' }),
  name: Type.Optional(Type.String()),
  rpcUrl: Type.String({ minLength: 1 }),
  wsUrl: Type.Optional(Type.String()),
  nativeCurrency: Type.Optional(
    Type.Object({ name: Type.String(), symbol: Type.String(), decimals: Type.Integer() }),
  ),
  /** Multicall3 address; balances are read through one aggregate3 call per chain. */
  multicall3: Type.Optional(EvmAddress),
  tokens: Type.Optional(Type.Array(TokenConfigSchema)),
  /**
   * A local development chain (anvil, hardhat, geth --dev): blocks are final
   * at once, so the indexer may follow the head (`confirmations: 0`) and start
   * at block 0. Chain ids 1337, 31337 and 31338 count as devnets unless this
   * says `false`; any other chain is a real chain unless this says `true`.
   */
  devnet: Type.Optional(Type.Boolean()),
  indexer: Type.Optional(
    Type.Object({
      enabled: Type.Optional(Type.Boolean()),
      /** First block to index. Required on a real chain (never a silent 0); a devnet starts at 0. */
      fromBlock: Type.Optional(Type.Integer({ minimum: 0 })),
      /**
       * Blocks indexed stop this many below the head, so a re-org shallower
       * than this never reaches the history (default 12; a devnet 0). 0 only on a devnet.
       */
      confirmations: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
      pollIntervalMs: Type.Optional(Type.Integer({ minimum: 10 })),
      /** Largest block range read in one step; halved while the provider refuses a range, grown back after. */
      batchBlocks: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
    }),
  ),
  /**
   * ENS on this network (identity falls back to its primary names): the
   * Universal Resolver to call. `eip155:1` uses viem's built-in mainnet
   * resolver unless this says otherwise; `false` turns ENS off.
   */
  ens: Type.Optional(
    Type.Union([Type.Object({ universalResolver: Type.Optional(EvmAddress) }), Type.Literal(false)]),
  ),
  /** Uniswap V2-style DEX for /v1/convert: its Router02. Without it: "Network not supported for Swaps". */
  swap: Type.Optional(Type.Object({ router: EvmAddress })),
})

const Base58 = '[1-9A-HJ-NP-Za-km-z]'

/** An SPL token whose balance the gateway reads on a Solana network. */
export const SplTokenConfigSchema = Type.Object({
  /** Mint address (base58, 32–44 characters). */
  mint: Type.String({ pattern: `^${Base58}{32,44}$` }),
  symbol: Type.String({ minLength: 1, maxLength: 32 }),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  decimals: Type.Integer({ minimum: 0, maximum: 255 }),
  iconUrl: Type.Optional(Type.String()),
})

/** A Solana network: native SOL (9 decimals unless `nativeCurrency` says otherwise) and the listed SPL tokens. */
export const SolanaNetworkConfigSchema = Type.Object({
  /** CAIP-2 id: `solana:` + the first 32 characters of the genesis hash. */
  caipNetworkId: Type.String({ pattern: `^solana:${Base58}{1,32}$` }),
  name: Type.Optional(Type.String()),
  rpcUrl: Type.String({ minLength: 1 }),
  wsUrl: Type.Optional(Type.String()),
  nativeCurrency: Type.Optional(
    Type.Object({ name: Type.String(), symbol: Type.String(), decimals: Type.Integer() }),
  ),
  tokens: Type.Optional(Type.Array(SplTokenConfigSchema)),
})

/** A Bitcoin network read through an Esplora-compatible REST API (balances: the address's UTXOs). */
export const BitcoinNetworkConfigSchema = Type.Object({
  /** CAIP-2 id: `bip122:` + the first 32 hex characters of the genesis block hash. */
  caipNetworkId: Type.String({ pattern: '^bip122:[0-9a-f]{32}$' }),
  name: Type.Optional(Type.String()),
  /** Base URL of the Esplora API (`/address/:a/utxo`…), e.g. the devnet's `services.bitcoin.esploraUrl`. */
  esploraUrl: Type.String({ minLength: 1 }),
  nativeCurrency: Type.Optional(
    Type.Object({ name: Type.String(), symbol: Type.String(), decimals: Type.Integer() }),
  ),
})

/** A coin of a Cosmos network the gateway reports (the first is the native, fee coin). */
export const CosmosCurrencyConfigSchema = Type.Object({
  denom: Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$' }),
  symbol: Type.String({ minLength: 1, maxLength: 32 }),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  decimals: Type.Integer({ minimum: 0, maximum: 36 }),
  iconUrl: Type.Optional(Type.String()),
})

/** A Cosmos SDK network: bank balances read over its REST (LCD) API. */
export const CosmosNetworkConfigSchema = Type.Object({
  /** CAIP-2 id: `cosmos:<chain id>`. */
  caipNetworkId: Type.String({ pattern: '^cosmos:[-_a-zA-Z0-9]{1,32}$' }),
  name: Type.Optional(Type.String()),
  /** REST (gRPC-gateway) base URL: `<restUrl>/cosmos/bank/v1beta1/balances/<address>`. */
  restUrl: Type.String({ minLength: 1 }),
  /** CometBFT RPC URL (listed for clients; balances use `restUrl`). */
  rpcUrl: Type.Optional(Type.String()),
  bech32Prefix: Type.String({ pattern: '^[a-z][a-z0-9]{0,31}$' }),
  /** Coins reported, native first; denoms not listed are not reported. */
  currencies: Type.Array(CosmosCurrencyConfigSchema, { minItems: 1 }),
})

/** An Assets-pallet token whose balance the gateway reads on a Polkadot network. */
export const PolkadotAssetConfigSchema = Type.Object({
  id: Type.Integer({ minimum: 0, maximum: 4294967295 }),
  symbol: Type.String({ minLength: 1, maxLength: 32 }),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  decimals: Type.Integer({ minimum: 0, maximum: 255 }),
  iconUrl: Type.Optional(Type.String()),
})

/** A Polkadot-SDK network: the native token of `nativeCurrency` and the listed Assets-pallet tokens. */
export const PolkadotNetworkConfigSchema = Type.Object({
  /** CAIP-2 id: `polkadot:` + the first 32 hex characters of the genesis hash. */
  caipNetworkId: Type.String({ pattern: '^polkadot:[0-9a-f]{32}$' }),
  name: Type.Optional(Type.String()),
  /** HTTP JSON-RPC URL of a node. */
  rpcUrl: Type.String({ minLength: 1 }),
  wsUrl: Type.Optional(Type.String()),
  /** SS58 prefix of the network's addresses. */
  ss58Prefix: Type.Integer({ minimum: 0, maximum: 16383 }),
  nativeCurrency: Type.Object({ name: Type.String(), symbol: Type.String(), decimals: Type.Integer() }),
  tokens: Type.Optional(Type.Array(PolkadotAssetConfigSchema)),
  /**
   * How many recent blocks the history reads (Substrate nodes keep no address
   * index): default 600 (an hour of 6-second blocks).
   */
  historyBlocks: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
})

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
  names: Type.Object(
    {
      zone: Type.String({ default: 'portico.id' }),
      /** Registration messages older (or further in the future) than this are stale. */
      maxMessageAgeMs: Type.Integer({ minimum: 1000, default: 10 * 60_000 }),
      /** CAIP-2 network whose ENS answers identities that name no chain (default: the first network with ENS). */
      ensNetwork: Type.Optional(Type.String({ pattern: '^eip155:[0-9]{1,12}$' })),
      /** Time limit of one ENS identity lookup (name and avatar); past it the identity is empty. */
      ensTimeoutMs: Type.Integer({ minimum: 1, default: 3000 }),
      /**
       * CCIP-read (EIP-3668) for ENS: `false` (default) never follows an
       * offchain lookup; a list allows gateway URLs whose origin is exactly
       * one entry's origin and whose path lies under its path
       * (`https://ccip.example.com/`), no others; fetched through the egress filter.
       */
      ccipRead: Type.Union(
        [Type.Literal(false), Type.Array(Type.String({ pattern: '^https://[^\\s]+$' }), { maxItems: 32 })],
        { default: false },
      ),
    },
    { default: {} },
  ),
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
  /**
   * NFT metadata and images (`GET /v1/account/{address}/nfts`, `/v1/nft-image/…`).
   * `data:` URIs are always read (no fetch). Nothing else is fetched unless
   * its origin is listed here: by default metadata on other hosts shows as
   * unavailable. Listed origins are matched exactly (scheme, host, port);
   * redirects are not followed; private networks stay refused, except a
   * loopback origin listed explicitly (tests, a local IPFS node).
   */
  nfts: Type.Object(
    {
      /** Origins (`https://host[:port]`) metadata and images may be fetched from. */
      metadataOrigins: Type.Array(Type.String({ pattern: '^https?://[^/?#@]+$', maxLength: 300 }), {
        maxItems: 100,
        default: [],
      }),
      /** `ipfs://` URIs are read through this HTTP gateway (e.g. `https://ipfs.example`); unset: not read. */
      ipfsGateway: Type.Optional(Type.String({ pattern: '^https?://[^?#@]+$', maxLength: 300 })),
      /** Largest metadata JSON (bytes). */
      maxMetadataBytes: Type.Integer({ minimum: 1024, maximum: 4 * 1024 * 1024, default: 256 * 1024 }),
      /** Largest image (bytes) fetched and served; a bigger one is cut off while reading. */
      maxImageBytes: Type.Integer({ minimum: 1024, maximum: 16 * 1024 * 1024, default: 5 * 1024 * 1024 }),
      /** Time limit (ms) of one metadata or image fetch. */
      timeoutMs: Type.Integer({ minimum: 100, maximum: 60_000, default: 5000 }),
      /** Bytes the metadata cache holds at most (its text fields, UTF-8); counted in /metrics. Default 16 MiB. */
      metadataCacheBytes: Type.Integer({
        minimum: 0,
        maximum: 4 * 1024 * 1024 * 1024,
        default: 16 * 1024 * 1024,
      }),
      /** Bytes the image cache holds at most (bodies); counted in /metrics. Default 64 MiB. */
      imageCacheBytes: Type.Integer({
        minimum: 0,
        maximum: 4 * 1024 * 1024 * 1024,
        default: 64 * 1024 * 1024,
      }),
      /** Collections flagged as spam (`eip155:<chain>:<contract>`): hidden unless `?spam=include`. */
      spamCollections: Type.Array(Type.String({ pattern: '^eip155:[0-9]{1,12}:0x[0-9a-fA-F]{40}$' }), {
        maxItems: 10_000,
        default: [],
      }),
    },
    { default: {} },
  ),
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
export type NetworkConfig = Static<typeof NetworkConfigSchema>
export type TokenConfig = Static<typeof TokenConfigSchema>
export type SolanaNetworkConfig = Static<typeof SolanaNetworkConfigSchema>
export type SplTokenConfig = Static<typeof SplTokenConfigSchema>
export type CosmosNetworkConfig = Static<typeof CosmosNetworkConfigSchema>
export type PolkadotNetworkConfig = Static<typeof PolkadotNetworkConfigSchema>

export type BitcoinNetworkConfig = Static<typeof BitcoinNetworkConfigSchema>
type AnyNetworkConfig =
  | NetworkConfig
  | SolanaNetworkConfig
  | BitcoinNetworkConfig
  | CosmosNetworkConfig
  | PolkadotNetworkConfig

/** True for a Solana network entry of `networks`. */
export function isSolanaNetwork(n: AnyNetworkConfig): n is SolanaNetworkConfig {
  return n.caipNetworkId.startsWith('solana:')
}

/** True for a Bitcoin network entry of `networks`. */
export function isBitcoinNetwork(n: AnyNetworkConfig): n is BitcoinNetworkConfig {
  return n.caipNetworkId.startsWith('bip122:')
}

/** True for a Cosmos network entry of `networks`. */
export function isCosmosNetwork(n: AnyNetworkConfig): n is CosmosNetworkConfig {
  return n.caipNetworkId.startsWith('cosmos:')
}

/** True for a Polkadot network entry of `networks`. */
export function isPolkadotNetwork(n: AnyNetworkConfig): n is PolkadotNetworkConfig {
  return n.caipNetworkId.startsWith('polkadot:')
}

/** Chain ids of local development chains (anvil / hardhat 31337, geth --dev / ganache 1337, the local world's 31338). */
export const DEVNET_CHAIN_IDS: ReadonlySet<number> = new Set([1337, 31337, 31338])

/** Confirmations the indexer waits for on a real chain when the configuration names none. */
export const DEFAULT_CONFIRMATIONS = 12

/** Whether an EVM network is a local development chain (its `devnet` flag, else its chain id). */
export function isDevnetNetwork(n: NetworkConfig): boolean {
  return n.devnet ?? DEVNET_CHAIN_IDS.has(Number(n.caipNetworkId.slice('eip155:'.length)))
}

/** True for an EVM network entry of `networks`. */
export function isEvmNetwork(n: AnyNetworkConfig): n is NetworkConfig {
  return n.caipNetworkId.startsWith('eip155:')
}
export type ProjectConfig = Static<typeof ProjectConfigSchema>
