import type { Hex } from 'viem'
import type { ChainRegistry } from '../chains/index.js'
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

/** A small map that forgets its oldest entries and anything older than `ttlMs`. */
class TtlCache<V> {
  readonly #m = new Map<string, { at: number; v: V }>()
  constructor(
    private readonly max: number,
    private readonly ttlMs: number,
  ) {}
  get(k: string): V | undefined {
    const e = this.#m.get(k)
    if (!e || Date.now() - e.at > this.ttlMs) return undefined
    return e.v
  }
  delete(k: string) {
    this.#m.delete(k)
  }
  set(k: string, v: V) {
    this.#m.delete(k)
    this.#m.set(k, { at: Date.now(), v })
    while (this.#m.size > this.max) this.#m.delete(this.#m.keys().next().value!)
  }
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
  readonly #meta = new TtlCache<Promise<MetadataResult>>(2000, 5 * 60_000)
  readonly #images = new TtlCache<Promise<{ contentType: string; body: Buffer }>>(200, 10 * 60_000)
  readonly #collections = new TtlCache<Promise<{ name: string | null; symbol: string | null }>>(
    1000,
    3_600_000,
  )
  readonly #spam: Set<string>

  constructor(
    private readonly db: Database,
    private readonly chains: ChainRegistry,
    readonly fetch: NftFetchOptions,
    spamCollections: readonly string[],
  ) {
    this.#spam = new Set(spamCollections.map((c) => c.toLowerCase()))
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
