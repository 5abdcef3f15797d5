import Type, { type Static } from 'typebox'

/** One extra upstream of a chain: a URL (may carry a key) and headers (may carry a key). */
const UpstreamSchema = Type.Object({
  /** CAIP-2 chain this upstream serves (`eip155:1`, `solana:…`). */
  chainId: Type.String({ pattern: '^(eip155:[0-9]{1,12}|solana:[1-9A-HJ-NP-Za-km-z]{1,32})$' }),
  url: Type.String({ pattern: '^https?://[^\\s]+$', maxLength: 2048 }),
  /** Sent with every call to this upstream (`x-api-key: …`); never echoed or logged. */
  headers: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Za-z0-9-]{1,64}$' }), Type.String())),
})

/**
 * The RPC proxy (`POST /v1?chainId=…&projectId=…`). SPEC §9 numbers are the
 * defaults: time-out 10 s, batch 1000, ranking every 4 s over 10 samples
 * weighted 0.7 stability / 0.3 latency, 1 s ping time-out.
 */
export const RpcProxyConfigSchema = Type.Object(
  {
    /** Off: POST /v1 answers 404. On by default for every EVM and Solana network of `networks`. */
    enabled: Type.Boolean({ default: true }),
    /**
     * Upstreams in preference order. A chain listed here uses these; a
     * network of `networks` not listed uses its own `rpcUrl`.
     */
    upstreams: Type.Array(UpstreamSchema, { default: [], maxItems: 256 }),
    /** Time limit of one upstream call (SPEC §9: 10 s). */
    timeoutMs: Type.Integer({ minimum: 100, maximum: 120_000, default: 10_000 }),
    /** Most calls in one batch (SPEC §9: 1000). */
    maxBatch: Type.Integer({ minimum: 1, maximum: 1000, default: 1000 }),
    /** Largest request body (bytes); larger ones get HTTP 413. */
    maxBodyBytes: Type.Integer({ minimum: 1024, maximum: 16 * 1024 * 1024, default: 1024 * 1024 }),
    /** Largest upstream answer accepted (bytes). */
    maxResponseBytes: Type.Integer({ minimum: 1024, maximum: 256 * 1024 * 1024, default: 32 * 1024 * 1024 }),
    /** How often upstreams of a chain with several are pinged for ranking (SPEC §9: 4 s); 0 turns it off. */
    rankIntervalMs: Type.Integer({ minimum: 0, maximum: 600_000, default: 4_000 }),
    /** Samples kept per upstream (SPEC §9: 10). */
    rankSamples: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
    /** Ping time-out (SPEC §9: 1 s). */
    pingTimeoutMs: Type.Integer({ minimum: 50, maximum: 60_000, default: 1_000 }),
    /** Calls (batch entries counted one by one) a client may make per project per window, on top of the request limit. */
    callLimit: Type.Object(
      { max: Type.Integer({ minimum: 1 }), windowMs: Type.Integer({ minimum: 100 }) },
      { default: { max: 6000, windowMs: 60_000 } },
    ),
    /** Weights of heavy calls against `callLimit` (a plain call weighs 1). */
    weights: Type.Object(
      {
        getLogs: Type.Integer({ minimum: 1, maximum: 10_000, default: 10 }),
        getProgramAccounts: Type.Integer({ minimum: 1, maximum: 10_000, default: 20 }),
        stateOverride: Type.Integer({ minimum: 1, maximum: 10_000, default: 5 }),
      },
      { default: {} },
    ),
    /** Blocks one `eth_getLogs` may cover (`toBlock - fromBlock + 1`); a wider filter is refused (-32602). */
    maxLogsBlockRange: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 10_000 }),
    /** Entries of the immutable-answer cache (0 turns it off). */
    cacheEntries: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 10_000 }),
    /** Bytes the immutable-answer cache holds at most (keys and answers' JSON text; 0 turns it off). Default 64 MiB. */
    cacheBytes: Type.Integer({ minimum: 0, maximum: 8 * 1024 * 1024 * 1024, default: 64 * 1024 * 1024 }),
  },
  { default: {} },
)

export type RpcProxyConfig = Static<typeof RpcProxyConfigSchema>
