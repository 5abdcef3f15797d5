import type { Hex } from 'viem'
import type { ChainRegistry } from '../chains/index.js'
import type { Metrics } from '../http/metrics.js'
import type { Database } from '../storage/index.js'
import {
  loadImage,
  loadMetadata,
  type NftFetchOptions,
  NftUnavailableError,
  substituteId,
} from './metadata.js'

/** Holdings per page unless `limit` says otherwise. */
export const NFT_PAGE_SIZE = 24

export interface Holding {
  chainId: string
  contract: string
  standard: 'erc721' | 'erc1155'
  tokenId: string
  amount: string
}

const uriAbi = [
  {
    type: 'function',
    name: 'tokenURI',
    stateMutability: 'view',
    inputs: [{ type: 'uint256' }],
    outputs: [{ type: 'string' }],
  },
  {
    type: 'function',
    name: 'uri',
    stateMutability: 'view',
    inputs: [{ type: 'uint256' }],
    outputs: [{ type: 'string' }],
  },
  { type: 'function', name: 'name', stateMutability: 'view', inputs: [], outputs: [{ type: 'string' }] },
  { type: 'function', name: 'symbol', stateMutability: 'view', inputs: [], outputs: [{ type: 'string' }] },
] as const

/** The order of holdings and the cursor's content: chain, contract, token id (zero-padded). */
const key = (h: { chainId: string; contract: string; tokenId: string }) =>
  `${h.chainId}|${h.contract}|${h.tokenId.padStart(78, '0')}`

export const encodeNftCursor = (k: string) => Buffer.from(k, 'utf8').toString('base64url')

/** The key a cursor carries, or undefined when it is not one this gateway gave out. */
export function decodeNftCursor(cursor: string): string | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return undefined
  const k = Buffer.from(cursor, 'base64url').toString('utf8')
  return /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}\|0x[0-9a-f]{40}\|[0-9]{78}$/.test(k) ? k : undefined
}

/**
 * A small map that forgets its oldest entries, anything older than `ttlMs`, and the least recently
 * set entries while the bytes of its settled values pass `maxBytes` (a value counts once its promise
 * settles and `size` has measured it; until then it counts by entry only).
 */
export class TtlCache<V> {
  readonly #m = new Map<string, { at: number; v: Promise<V>; bytes: number }>()
  #bytes = 0
  constructor(
    private readonly max: number,
    private readonly ttlMs: number,
    private readonly maxBytes = Number.POSITIVE_INFINITY,
    private readonly size: (v: V) => number = () => 0,
    private readonly onChange: (stats: { entries: number; bytes: number }) => void = () => {},
  ) {}
  get(k: string): Promise<V> | undefined {
    const e = this.#m.get(k)
    if (!e || Date.now() - e.at > this.ttlMs) return undefined
    return e.v
  }
  delete(k: string) {
    const e = this.#m.get(k)
    if (!e) return
    this.#m.delete(k)
    this.#bytes -= e.bytes
    this.onChange(this.stats())
  }
  set(k: string, v: Promise<V>) {
    this.delete(k)
    const entry = { at: Date.now(), v, bytes: 0 }
    this.#m.set(k, entry)
    while (this.#m.size > this.max) this.delete(this.#m.keys().next().value!)
    this.onChange(this.stats())
    v.then(
      (value) => {
        // Still the entry under `k` (not replaced or evicted meanwhile): count its bytes, then trim.
        if (this.#m.get(k) !== entry) return
        entry.bytes = Buffer.byteLength(k) + this.size(value)
        this.#bytes += entry.bytes
        while (this.#bytes > this.maxBytes && this.#m.size > 0) this.delete(this.#m.keys().next().value!)
        this.onChange(this.stats())
      },
      () => {},
    )
  }
  stats(): { entries: number; bytes: number } {
    return { entries: this.#m.size, bytes: this.#bytes }
  }
}

/** Byte budgets of the NFT caches (`nfts.metadataCacheBytes`, `nfts.imageCacheBytes`). */
export interface NftCacheOptions {
  metadataCacheBytes?: number
  imageCacheBytes?: number
}

function metadataSize(m: MetadataResult): number {
  if (m.status !== 'ok') return 16
  return [m.name, m.description, m.image].reduce((n, v) => n + (v ? Buffer.byteLength(v) : 0), 16)
}

export type MetadataResult =
  | { status: 'ok'; name: string | null; description: string | null; image: string | null }
  | { status: 'unavailable'; reason: NftUnavailableError['reason'] }

/**
 * NFT holdings from the indexed transfers, their metadata (read on chain,
 * then fetched within the limits) and images, with small in-memory caches:
 * metadata and failures for a few minutes, images by count and bytes.
 */
export class NftService {
  readonly #meta: TtlCache<MetadataResult>
  readonly #images: TtlCache<{ contentType: string; body: Buffer }>
  readonly #collections = new TtlCache<{ name: string | null; symbol: string | null }>(1000, 3_600_000)
  readonly #spam: Set<string>

  constructor(
    private readonly db: Database,
    private readonly chains: ChainRegistry,
    readonly fetch: NftFetchOptions,
    spamCollections: readonly string[],
    caches: NftCacheOptions = {},
    metrics?: Metrics,
  ) {
    this.#spam = new Set(spamCollections.map((c) => c.toLowerCase()))
    const report = (cache: string) => (stats: { entries: number; bytes: number }) => {
      metrics?.setGauge(
        'portico_nft_cache_bytes',
        'Bytes held by the NFT metadata and image caches',
        { cache },
        stats.bytes,
      )
      metrics?.setGauge(
        'portico_nft_cache_entries',
        'Entries of the NFT metadata and image caches',
        { cache },
        stats.entries,
      )
    }
    const metadataBytes = caches.metadataCacheBytes ?? 16 * 1024 * 1024
    const imageBytes = caches.imageCacheBytes ?? 64 * 1024 * 1024
    metrics?.setGauge(
      'portico_nft_cache_budget_bytes',
      'Configured byte budgets of the NFT caches',
      { cache: 'metadata' },
      metadataBytes,
    )
    metrics?.setGauge(
      'portico_nft_cache_budget_bytes',
      'Configured byte budgets of the NFT caches',
      { cache: 'image' },
      imageBytes,
    )
    // Metadata counts its text fields (UTF-8); an image its body and content type.
    this.#meta = new TtlCache<MetadataResult>(
      2000,
      5 * 60_000,
      metadataBytes,
      metadataSize,
      report('metadata'),
    )
    this.#images = new TtlCache<{ contentType: string; body: Buffer }>(
      200,
      10 * 60_000,
      imageBytes,
      (v) => v.body.length + v.contentType.length,
      report('image'),
    )
  }

  isSpam(chainId: string, contract: string): boolean {
    return this.#spam.has(`${chainId}:${contract}`.toLowerCase())
  }

  /** One page of an account's holdings (balance above zero), ordered by chain, contract, token id. */
  async holdings(q: {
    account: string
    chain?: string
    after?: string
    limit?: number
    includeSpam: boolean
  }): Promise<{ items: Holding[]; next: string | null }> {
    const account = q.account.toLowerCase()
    const rows = await this.db.query<{
      chain: string
      token: string
      token_id: string
      standard: 'erc721' | 'erc1155'
      from_addr: string
      to_addr: string
      amount: string
    }>(
      `SELECT chain, token, token_id, standard, from_addr, to_addr, amount FROM nft_transfers
       WHERE (to_addr = ? OR from_addr = ?)${q.chain ? ' AND chain = ?' : ''}`,
      [account, account, ...(q.chain ? [q.chain] : [])],
    )
    const held = new Map<string, Holding & { balance: bigint }>()
    for (const r of rows) {
      const h = { chainId: r.chain, contract: r.token, tokenId: r.token_id }
      const k = key(h)
      const entry = held.get(k) ?? { ...h, standard: r.standard, amount: '0', balance: 0n }
      const amount = BigInt(r.amount)
      // A transfer to oneself moves nothing.
      if (r.to_addr === account) entry.balance += amount
      if (r.from_addr === account) entry.balance -= amount
      held.set(k, entry)
    }
    const all = [...held.entries()]
      .filter(([k, h]) => h.balance > 0n && (!q.after || k > q.after))
      .filter(([, h]) => q.includeSpam || !this.isSpam(h.chainId, h.contract))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    const limit = q.limit ?? NFT_PAGE_SIZE
    const page = all.slice(0, limit)
    return {
      items: page.map(([, { balance, ...h }]) => ({ ...h, amount: balance.toString() })),
      next: all.length > limit ? encodeNftCursor(page.at(-1)![0]) : null,
    }
  }

  /** The standard of a token the indexer has seen move, or undefined (not indexed). */
  async standardOf(
    chainId: string,
    contract: string,
    tokenId: string,
  ): Promise<'erc721' | 'erc1155' | undefined> {
    const rows = await this.db.query<{ standard: 'erc721' | 'erc1155' }>(
      'SELECT standard FROM nft_transfers WHERE chain = ? AND token = ? AND token_id = ? LIMIT 1',
      [chainId, contract, tokenId],
    )
    return rows[0]?.standard
  }

  /** Collection name and symbol, read on chain once (null when the contract has none). */
  collection(chainId: string, contract: string): Promise<{ name: string | null; symbol: string | null }> {
    const k = `${chainId}|${contract}`
    let p = this.#collections.get(k)
    if (!p) {
      const client = this.chains.get(chainId)!.client
      const read = (functionName: 'name' | 'symbol') =>
        client
          .readContract({ address: contract as Hex, abi: uriAbi, functionName })
          .then((v) => (typeof v === 'string' && v ? v.slice(0, 100) : null))
          // A collection without name() is shown by its address, labelled so.
          .catch(() => null)
      p = Promise.all([read('name'), read('symbol')]).then(([name, symbol]) => ({ name, symbol }))
      this.#collections.set(k, p)
    }
    return p
  }

  /** Metadata of one token; failures are results (`unavailable` with a reason), cached like successes. */
  metadata(h: Omit<Holding, 'amount'>): Promise<MetadataResult> {
    const k = key(h)
    let p = this.#meta.get(k)
    if (!p) {
      p = this.#readMetadata(h)
      this.#meta.set(k, p)
    }
    return p
  }

  async #readMetadata(h: Omit<Holding, 'amount'>): Promise<MetadataResult> {
    const chain = this.chains.get(h.chainId)
    if (!chain) return { status: 'unavailable', reason: 'uri_unreadable' }
    let uri: string
    try {
      const id = BigInt(h.tokenId)
      uri = (await chain.client.readContract({
        address: h.contract as Hex,
        abi: uriAbi,
        functionName: h.standard === 'erc721' ? 'tokenURI' : 'uri',
        args: [id],
      })) as string
      if (h.standard === 'erc1155') uri = substituteId(uri, id)
    } catch {
      return { status: 'unavailable', reason: 'uri_unreadable' }
    }
    if (!uri) return { status: 'unavailable', reason: 'no_uri' }
    try {
      return { status: 'ok', ...(await loadMetadata(uri, this.fetch)) }
    } catch (error) {
      if (error instanceof NftUnavailableError) return { status: 'unavailable', reason: error.reason }
      throw error
    }
  }

  /** The token's image, loaded within the limits and cached; throws `NftUnavailableError`. */
  async image(h: Omit<Holding, 'amount'>): Promise<{ contentType: string; body: Buffer }> {
    const k = key(h)
    let p = this.#images.get(k)
    if (!p) {
      p = this.metadata(h).then((m) => {
        if (m.status !== 'ok') throw new NftUnavailableError(m.reason, 'metadata unavailable')
        if (!m.image) throw new NftUnavailableError('no_image', 'the metadata names no image')
        return loadImage(m.image, this.fetch)
      })
      this.#images.set(k, p)
      // A failed image is tried again next time (the route reports this failure itself).
      p.catch(() => this.#images.delete(k))
    }
    return p
  }
}
