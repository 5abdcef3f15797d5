import {
  type CaipNetworkId,
  type Connector,
  RECOMMENDED_WALLETS_COUNT,
  SEARCH_RESULTS_LIMIT,
  WALLETS_PER_PAGE,
  type WalletDirectoryApi,
  type WalletDirectoryEntry,
} from '@portico/core'

/** A row of All Wallets: a directory entry, maybe matched to an installed connector. */
export interface WalletListItem extends WalletDirectoryEntry {
  /** Connector id of the installed wallet (EIP-6963 / Wallet Standard) it matched by rdns. */
  connectorId?: string
  recommended?: boolean
}

export interface WalletListState {
  /** Browse mode: installed, then featured, then the directory; search mode: the results. */
  items: readonly WalletListItem[]
  /** Total the directory reports for the current mode. */
  count: number
  loading: boolean
  hasMore: boolean
  search: string
  error: unknown
}

export interface WalletListOptions {
  directory: WalletDirectoryApi
  /** Installed connectors (those with `info.rdns` are merged into directory entries). */
  installed: () => readonly Connector[]
  featuredIds?: readonly string[]
  include?: readonly string[]
  exclude?: readonly string[]
  chains?: readonly CaipNetworkId[]
  /** Debounce of search keystrokes (default 300 ms). */
  debounceMs?: number
}

/** Case-insensitive name match of a search query (an empty query matches every name). */
export function matchesWalletSearch(name: string, query: string | undefined): boolean {
  const q = query?.trim().toLowerCase()
  return !q || name.toLowerCase().includes(q)
}

/**
 * Marks directory entries whose rdns matches an installed connector, and adds
 * installed wallets the directory doesn't list; installed first, no duplicates
 * (by id, then by rdns). With a search `query`, an installed wallet the
 * directory didn't return is added only when its name matches the query
 * (case-insensitive), like the directory's own results.
 *
 * @example
 * mergeInstalled(results, connectors, 'rain') // no "Portico Dev Wallet" row
 */
export function mergeInstalled(
  entries: readonly WalletDirectoryEntry[],
  installed: readonly Connector[],
  query?: string,
): WalletListItem[] {
  const byRdns = new Map<string, Connector>()
  for (const c of installed) if (c.info?.rdns && !byRdns.has(c.info.rdns)) byRdns.set(c.info.rdns, c)
  const seenIds = new Set<string>()
  const seenRdns = new Set<string>()
  const head: WalletListItem[] = []
  const tail: WalletListItem[] = []
  for (const e of entries) {
    if (seenIds.has(e.id) || (e.rdns && seenRdns.has(e.rdns))) continue
    seenIds.add(e.id)
    if (e.rdns) seenRdns.add(e.rdns)
    const c = e.rdns ? byRdns.get(e.rdns) : undefined
    if (c) head.push({ ...e, installed: true, connectorId: c.id })
    else tail.push({ ...e, installed: false })
  }
  for (const [rdns, c] of byRdns) {
    if (seenRdns.has(rdns) || !matchesWalletSearch(c.name, query)) continue
    head.push({
      id: `installed:${c.id}`,
      name: c.name,
      image_id: c.imageId ?? '',
      image_url: c.imageUrl,
      rdns,
      installed: true,
      connectorId: c.id,
    })
  }
  return [...head, ...tail]
}

/**
 * The All Wallets list as a small store: 40 per page with `loadMore`, featured
 * wallets first (the first 4 shown are "recommended"), installed wallets merged
 * by rdns, include / exclude / chain filters passed to the directory, and a
 * debounced search (up to 100 results) whose stale requests are aborted.
 */
export function createWalletList(options: WalletListOptions) {
  const { directory } = options
  const debounceMs = options.debounceMs ?? 300
  const featuredIds = options.featuredIds ?? []
  let featured: WalletDirectoryEntry[] = []
  let pages: WalletDirectoryEntry[] = []
  let page = 0
  let total = 0
  let searchResults: WalletDirectoryEntry[] = []
  let searchCount = 0
  let state: WalletListState = {
    items: [],
    count: 0,
    loading: false,
    hasMore: true,
    search: '',
    error: undefined,
  }
  const listeners = new Set<(s: WalletListState) => void>()
  let browseRequest: Promise<void> | undefined
  let searchController: AbortController | undefined
  let searchTimer: ReturnType<typeof setTimeout> | undefined
  let destroyed = false

  const set = (patch: Partial<WalletListState>) => {
    if (destroyed) return
    state = { ...state, ...patch }
    for (const l of [...listeners]) l(state)
  }

  const filters = () => ({
    include: options.include?.length ? [...options.include] : undefined,
    exclude: options.exclude?.length ? [...options.exclude] : undefined,
    chains: options.chains?.length ? [...options.chains] : undefined,
  })

  const browseItems = (): WalletListItem[] => {
    const merged = mergeInstalled([...featured, ...pages], options.installed())
    let recommended = 0
    return merged.map((item) => {
      if (item.installed || recommended >= RECOMMENDED_WALLETS_COUNT) return item
      recommended++
      return { ...item, recommended: true }
    })
  }

  const refresh = () => {
    if (state.search)
      set({ items: mergeInstalled(searchResults, options.installed(), state.search), count: searchCount })
    else
      set({
        items: browseItems(),
        count: total + featured.length,
        hasMore: pages.length < total || page === 0,
      })
  }

  const loadFeatured = async () => {
    if (!featuredIds.length) return
    const f = filters()
    const res = await directory.getWallets({
      page: 1,
      entries: featuredIds.length,
      include: [...featuredIds].filter((id) => !f.include || f.include.includes(id)),
      exclude: f.exclude,
      chains: f.chains,
    })
    const order = new Map(featuredIds.map((id, i) => [id, i]))
    featured = [...res.data].sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
  }

  const loadMore = (): Promise<void> => {
    if (browseRequest) return browseRequest
    if (page > 0 && pages.length >= total) return Promise.resolve()
    set({ loading: true })
    browseRequest = (async () => {
      try {
        if (page === 0) await loadFeatured()
        const f = filters()
        const res = await directory.getWallets({
          page: page + 1,
          entries: WALLETS_PER_PAGE,
          include: f.include,
          exclude: [...(f.exclude ?? []), ...featuredIds],
          chains: f.chains,
        })
        page++
        total = res.count
        const known = new Set(pages.map((w) => w.id))
        pages = [...pages, ...res.data.filter((w) => !known.has(w.id))]
        set({ loading: false, error: undefined })
        refresh()
      } catch (error) {
        set({ loading: false, error })
      } finally {
        browseRequest = undefined
      }
    })()
    return browseRequest
  }

  const runSearch = async (query: string) => {
    searchController?.abort()
    const controller = new AbortController()
    searchController = controller
    set({ loading: true })
    try {
      const res = await directory.getWallets(
        { page: 1, entries: SEARCH_RESULTS_LIMIT, search: query, ...filters() },
        controller.signal,
      )
      if (controller.signal.aborted || state.search !== query) return
      searchResults = res.data.slice(0, SEARCH_RESULTS_LIMIT)
      searchCount = res.count
      set({ loading: false, error: undefined, hasMore: false })
      refresh()
    } catch (error) {
      if (controller.signal.aborted) return
      set({ loading: false, error })
    }
  }

  return {
    getState: () => state,
    subscribe(listener: (s: WalletListState) => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    loadMore,
    /** Debounced: only the last query within `debounceMs` is sent; an in-flight older one is aborted. */
    setSearch(query: string) {
      const q = query.trim()
      clearTimeout(searchTimer)
      searchController?.abort()
      set({ search: q })
      if (!q) {
        set({ loading: false })
        refresh()
        return
      }
      searchTimer = setTimeout(() => void runSearch(q), debounceMs)
    },
    /** Recomputes the installed flags (after a new EIP-6963 announcement). */
    refresh,
    destroy() {
      destroyed = true
      clearTimeout(searchTimer)
      searchController?.abort()
      listeners.clear()
    },
  }
}

export type WalletList = ReturnType<typeof createWalletList>
