import Type from 'typebox'

/**
 * NFT metadata and images (`GET /v1/account/{address}/nfts`, `/v1/nft-image/…`).
 * `data:` URIs are always read (no fetch). Nothing else is fetched unless
 * its origin is listed here: by default metadata on other hosts shows as
 * unavailable. Listed origins are matched exactly (scheme, host, port);
 * redirects are not followed; private networks stay refused, except a
 * loopback origin listed explicitly (tests, a local IPFS node).
 */
export const NftsConfigSchema = Type.Object(
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
)
