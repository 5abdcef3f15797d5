import {
  type CaipNetworkId,
  WALLETS_PER_PAGE,
  type WalletDirectoryApi,
  type WalletDirectoryEntry,
} from '@portico/core'

/** The directory filters a wallet list is made with; one cache entry per distinct set. */
export interface DirectoryFilters {
  include?: readonly string[]
  exclude?: readonly string[]
  chains?: readonly CaipNetworkId[]
}

/** The browse list as far as it was loaded: featured wallets, then `page` pages of the directory. */
export interface BrowseSnapshot {
  featured: readonly WalletDirectoryEntry[]
  pages: readonly WalletDirectoryEntry[]
  /** Pages loaded (1 after the first page). */
  page: number
  /** The directory's count for the browse query (featured excluded). */
  total: number
  /** `Date.now()` when the first page was fetched. */
  fetchedAt: number
}

export interface DirectoryCacheOptions {
  /** Wallet ids listed first, in this order. */
  featuredIds?: readonly string[]
  /** A prefetched first page younger than this is not fetched again (default 30 s). */
  freshMs?: number
  now?: () => number
}

interface Slot {
  snapshot?: BrowseSnapshot
  inflight?: Promise<BrowseSnapshot>
  /** Entries met in search results under these filters (known to the local search). */
  searched: Map<string, WalletDirectoryEntry>
}

const list = (v: readonly string[] | undefined) => (v?.length ? [...v] : undefined)

/** The request filters of a set (empty lists dropped, so `[]` and `undefined` share a key). */
export function requestFilters(f: DirectoryFilters) {
  return { include: list(f.include), exclude: list(f.exclude), chains: list(f.chains) as CaipNetworkId[] }
}

function keyOf(f: DirectoryFilters): string {
  const part = (v: readonly string[] | undefined) => [...(v ?? [])].sort().join(',')
  return `${part(f.include)}|${part(f.exclude)}|${part(f.chains)}`
}

/**
 * What the client already knows of the wallet directory, per filter set: the
 * browse list as far as it was loaded (kept across openings of All Wallets so
 * a reopen paints at once while page 1 is fetched again) and the entries met
 * in search results (for the instant local search). `prefetch` fetches the
 * featured wallets and the first page in parallel, once at a time per filter
 * set, and skips a first page younger than `freshMs`.
 *
 * @example
 * const cache = createDirectoryCache(directory, { featuredIds: ['metamask'] })
 * void cache.prefetch({ chains: ['eip155:1'] }) // when the modal opens
 * cache.get({ chains: ['eip155:1'] })?.pages // later: the first 40, no request
 */
export function createDirectoryCache(directory: WalletDirectoryApi, options: DirectoryCacheOptions = {}) {
  const featuredIds = [...(options.featuredIds ?? [])]
  const freshMs = options.freshMs ?? 30_000
  const now = options.now ?? Date.now
  const slots = new Map<string, Slot>()
  const slot = (f: DirectoryFilters): Slot => {
    const k = keyOf(f)
    let s = slots.get(k)
    if (!s) {
      s = { searched: new Map() }
      slots.set(k, s)
    }
    return s
  }

  const loadFeatured = async (f: DirectoryFilters): Promise<WalletDirectoryEntry[]> => {
    const r = requestFilters(f)
    const include = featuredIds.filter((id) => !r.include || r.include.includes(id))
    if (!include.length) return []
    const res = await directory.getWallets({
      page: 1,
      entries: include.length,
      include,
      exclude: r.exclude,
      chains: r.chains,
    })
    const order = new Map(featuredIds.map((id, i) => [id, i]))
    return [...res.data].sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
  }

  /** Featured and page 1 in parallel (one round trip, not two in a row). */
  const fetchFirstPage = (f: DirectoryFilters): Promise<BrowseSnapshot> => {
    const s = slot(f)
    if (s.inflight) return s.inflight
    const r = requestFilters(f)
    const request = (async () => {
      const [featured, first] = await Promise.all([
        loadFeatured(f),
        directory.getWallets({
          page: 1,
          entries: WALLETS_PER_PAGE,
          include: r.include,
          exclude: [...(r.exclude ?? []), ...featuredIds],
          chains: r.chains,
        }),
      ])
      const snapshot: BrowseSnapshot = {
        featured,
        pages: first.data,
        page: 1,
        total: first.count,
        fetchedAt: now(),
      }
      // A list that had loaded further keeps its later pages when page 1 did not change.
      const old = s.snapshot
      const same =
        old !== undefined &&
        old.total === snapshot.total &&
        sameIds(old.featured, featured) &&
        sameIds(old.pages.slice(0, WALLETS_PER_PAGE), first.data)
      s.snapshot = same ? { ...old, fetchedAt: snapshot.fetchedAt } : snapshot
      return s.snapshot
    })()
    s.inflight = request
    const clear = () => {
      if (s.inflight === request) s.inflight = undefined
    }
    request.then(clear, clear)
    return request
  }

  return {
    featuredIds: featuredIds as readonly string[],
    /** The browse list cached for these filters, if any. */
    get: (f: DirectoryFilters): BrowseSnapshot | undefined => slot(f).snapshot,
    /** True while a first-page request for these filters is under way. */
    pending: (f: DirectoryFilters): boolean => slot(f).inflight !== undefined,
    /** Fetches the first page (featured + 40) now, joining a request under way. */
    fetchFirstPage,
    /**
     * Fetches the first page unless a fresh one is cached or one is under way;
     * resolves to the snapshot either way (rejects when the request fails).
     */
    prefetch(f: DirectoryFilters): Promise<BrowseSnapshot> {
      const s = slot(f)
      if (s.inflight) return s.inflight
      if (s.snapshot && now() - s.snapshot.fetchedAt < freshMs) return Promise.resolve(s.snapshot)
      return fetchFirstPage(f)
    },
    /** Stores the browse list a wallet list loaded further (next pages). */
    save(f: DirectoryFilters, snapshot: BrowseSnapshot): void {
      slot(f).snapshot = snapshot
    },
    /** Remembers entries of a search answer (the local search finds them next time). */
    remember(f: DirectoryFilters, entries: readonly WalletDirectoryEntry[]): void {
      const seen = slot(f).searched
      for (const e of entries) seen.set(e.id, e)
    },
    /** Every entry known under these filters: featured, loaded pages, then search results met. */
    known(f: DirectoryFilters): WalletDirectoryEntry[] {
      const s = slot(f)
      const out: WalletDirectoryEntry[] = []
      const ids = new Set<string>()
      const add = (e: WalletDirectoryEntry) => {
        if (ids.has(e.id)) return
        ids.add(e.id)
        out.push(e)
      }
      for (const e of s.snapshot?.featured ?? []) add(e)
      for (const e of s.snapshot?.pages ?? []) add(e)
      for (const e of s.searched.values()) add(e)
      return out
    },
  }
}

function sameIds(a: readonly WalletDirectoryEntry[], b: readonly WalletDirectoryEntry[]): boolean {
  return a.length === b.length && a.every((e, i) => e.id === b[i]?.id)
}

export type DirectoryCache = ReturnType<typeof createDirectoryCache>
