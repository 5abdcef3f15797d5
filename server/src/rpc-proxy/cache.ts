import type { RpcNamespace } from './allowlist.js'

/**
 * Which answers can never change, so they may be served from memory.
 * Conservative on purpose: an answer is kept only when its request names
 * the data by content (a block hash) or by a position that can no longer be
 * reorganised (a block number at or below the upstream's own finalized
 * block; Solana's finalized commitment, its default for blocks and
 * transactions). Anything read at a tag (`latest`, `safe`, `pending`), any
 * transaction looked up by its own hash (it may move to another block in a
 * reorg), and every error is forwarded each time. A `null` result (not found
 * yet) is never kept.
 */
export type Immutability = 'always' | 'if-found' | 'if-finalized-number' | 'never'

const EVM: Record<string, Immutability> = {
  eth_chainId: 'always',
  net_version: 'always',
  eth_getBlockByHash: 'if-found',
  eth_getBlockTransactionCountByHash: 'if-found',
  eth_getUncleCountByBlockHash: 'if-found',
  eth_getTransactionByBlockHashAndIndex: 'if-found',
  eth_getBlockByNumber: 'if-finalized-number',
  eth_getBlockTransactionCountByNumber: 'if-finalized-number',
  eth_getBlockReceipts: 'if-finalized-number',
  eth_getTransactionByBlockNumberAndIndex: 'if-finalized-number',
}

const SOLANA: Record<string, Immutability> = {
  getGenesisHash: 'always',
  getBlock: 'if-found',
  getBlockTime: 'if-found',
  getTransaction: 'if-found',
}

/** How a call's answer may be cached (`never` unless listed; Solana only at finalized commitment). */
export function immutability(namespace: RpcNamespace, method: string, params: unknown): Immutability {
  const table = namespace === 'eip155' ? EVM : SOLANA
  const rule = Object.hasOwn(table, method) ? table[method]! : 'never'
  if (namespace === 'solana' && rule === 'if-found') {
    // The last parameter may be a config object naming a commitment; only finalized (the default) is final.
    const config = Array.isArray(params) ? params[1] : undefined
    const commitment =
      config && typeof config === 'object' ? (config as { commitment?: unknown }).commitment : undefined
    if (commitment !== undefined && commitment !== 'finalized') return 'never'
  }
  return rule
}

/** The block number an EVM call names as its first parameter, when it is a plain hex number (not a tag). */
export function blockNumberParam(params: unknown): bigint | undefined {
  const first = Array.isArray(params) ? params[0] : undefined
  if (typeof first !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(first)) return undefined
  return BigInt(first)
}

/** What the cache holds, for `/metrics`. */
export interface AnswerCacheStats {
  entries: number
  bytes: number
}

/**
 * An LRU map of answers by `chain|method|params`, bounded in entries, in bytes (the UTF-8 size of
 * each key and of its answer's JSON text, which is what is kept) and per entry. An answer is stored as
 * its JSON text, so the byte count is what it holds, and a hit hands out a fresh copy.
 */
export class AnswerCache {
  #map = new Map<string, { json: string; bytes: number }>()
  #bytes = 0
  hits = 0

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes = 64 * 1024 * 1024,
    private readonly maxEntryBytes = 512 * 1024,
    private readonly onChange: (stats: AnswerCacheStats) => void = () => {},
  ) {}

  static key(chainId: string, method: string, params: unknown): string {
    return `${chainId}|${method}|${JSON.stringify(params ?? null)}`
  }

  get(key: string): { result: unknown } | undefined {
    const entry = this.#map.get(key)
    if (!entry) return undefined
    // Refresh its place: the map's order is the eviction order.
    this.#map.delete(key)
    this.#map.set(key, entry)
    this.hits++
    return { result: JSON.parse(entry.json) }
  }

  set(key: string, result: unknown): void {
    if (this.maxEntries === 0 || this.maxBytes === 0 || result === null || result === undefined) return
    const json = JSON.stringify(result)
    const bytes = Buffer.byteLength(key) + Buffer.byteLength(json)
    if (bytes > this.maxEntryBytes || bytes > this.maxBytes) return
    this.#drop(key)
    this.#map.set(key, { json, bytes })
    this.#bytes += bytes
    while (this.#map.size > this.maxEntries || this.#bytes > this.maxBytes)
      this.#drop(this.#map.keys().next().value!)
    this.onChange(this.stats())
  }

  #drop(key: string): void {
    const old = this.#map.get(key)
    if (!old) return
    this.#map.delete(key)
    this.#bytes -= old.bytes
  }

  stats(): AnswerCacheStats {
    return { entries: this.#map.size, bytes: this.#bytes }
  }

  get size(): number {
    return this.#map.size
  }

  /** Bytes held (keys and answers' JSON text, UTF-8). */
  get bytes(): number {
    return this.#bytes
  }
}
