import {
  type CaipNetworkId,
  type Connector,
  RECOMMENDED_WALLETS_COUNT,
  SEARCH_RESULTS_LIMIT,
  WALLETS_PER_PAGE,
  type WalletDirectoryApi,
  type WalletDirectoryEntry,
} from '@portico/core'
import {
  type BrowseSnapshot,
  createDirectoryCache,
  type DirectoryCache,
  type DirectoryFilters,
  requestFilters,
} from '../directory-cache/index.js'
import { mergeInstalled, mergeSearchResults, searchKnown, type WalletListItem } from './walletSearch.js'

export { matchesWalletSearch, mergeInstalled, type WalletListItem } from './walletSearch.js'

export interface WalletListState {
  /** Browse mode: installed, then featured, then the directory; search mode: the results. */
  items: readonly WalletListItem[]
  /** Total the directory reports for the current mode (search: the known matches until it answers). */
  count: number
  /** A directory request for what is shown is under way (first page, next page, or the search). */
  loading: boolean
  hasMore: boolean
  search: string
  error: unknown
}

export interface WalletListOptions {
  directory: WalletDirectoryApi
  /** Installed connectors (those with `info.rdns` are merged into directory entries). */
  installed: () => readonly Connector[]
  /**
   * What the client knows of the directory (the plugin keeps one per instance,
   * so a reopen paints from it); default a cache of this list's own.
   */
  cache?: DirectoryCache
  /** Ignored when `cache` is given (the cache's featured ids are used). */
  featuredIds?: readonly string[]
  include?: readonly string[]
  exclude?: readonly string[]
  chains?: readonly CaipNetworkId[]
  /** Debounce of search keystrokes before the directory is asked (default 300 ms). */
  debounceMs?: number
}

/**
 * The All Wallets list as a small store: 40 per page with `loadMore`, featured
 * wallets first (the first 4 shown are "recommended"), installed wallets merged
 * by rdns, include / exclude / chain filters passed to the directory.
 * It starts from the cache's browse list when there is one (and fetches page 1
 * again behind it). A search keystroke answers at once from what is known
 * (installed, loaded pages, earlier results), then the directory's answer
 * (debounced, stale requests aborted) is merged below the rows already shown;
 * at most 100 results (SPEC §9).
 */
export function createWalletList(options: WalletListOptions) {
  const { directory } = options
  const debounceMs = options.debounceMs ?? 300
  const cache = options.cache ?? createDirectoryCache(directory, { featuredIds: options.featuredIds })
  const featuredIds = cache.featuredIds
  const scope: DirectoryFilters = {
    include: options.include,
    exclude: options.exclude,
    chains: options.chains,
  }
  const cached = cache.get(scope)
  let featured: readonly WalletDirectoryEntry[] = cached?.featured ?? []
  let pages: readonly WalletDirectoryEntry[] = cached?.pages ?? []
  let page = cached?.page ?? 0
  let total = cached?.total ?? 0
  /** The directory's answer for `state.search` (undefined until it arrives). */
  let serverResults: readonly WalletDirectoryEntry[] | undefined
  let serverCount = 0
  const listeners = new Set<(s: WalletListState) => void>()
  let browseRequest: Promise<void> | undefined
  let searchController: AbortController | undefined
  let searchTimer: ReturnType<typeof setTimeout> | undefined
  let destroyed = false
  /** `loading` is what the visible mode waits for: the search's answer, or the next browse page. */
  let searchPending = false
  let browsePending = false

  /**
   * The browse rows as last built, and what they were built from: a next page is appended to
   * them (its entries, not all 5,000, are merged), so a page load costs the same at page 1 and
   * at page 125, and the rows already built keep their identity (memoised rows stay as they are).
   */
  let built:
    | {
        featured: readonly WalletDirectoryEntry[]
        pages: readonly WalletDirectoryEntry[]
        installed: string
        items: WalletListItem[]
        ids: Set<string>
        rdns: Set<string>
        recommended: number
      }
    | undefined
  const installedKey = (installed: readonly Connector[]) =>
    installed.map((c) => `${c.id}\u0000${c.info?.rdns ?? ''}\u0000${c.name}`).join('\u0001')
  const browseItems = (): WalletListItem[] => {
    const installed = options.installed()
    const key = installedKey(installed)
    const prev = built
    if (
      prev &&
      prev.featured === featured &&
      prev.installed === key &&
      prev.pages.length <= pages.length &&
      (prev.pages.length === 0 || pages[prev.pages.length - 1] === prev.pages[prev.pages.length - 1])
    ) {
      const installedRdns = new Set(installed.map((c) => c.info?.rdns).filter(Boolean))
      const added: WalletListItem[] = []
      let recommended = prev.recommended
      let appendable = true
      for (let i = prev.pages.length; i < pages.length; i++) {
        const e = pages[i]!
        // An installed wallet met further down moves to the top: rebuild everything.
        if (e.rdns && installedRdns.has(e.rdns)) {
          appendable = false
          break
        }
        if (prev.ids.has(e.id) || (e.rdns && prev.rdns.has(e.rdns))) continue
        prev.ids.add(e.id)
        if (e.rdns) prev.rdns.add(e.rdns)
        if (recommended < RECOMMENDED_WALLETS_COUNT) {
          recommended++
          added.push({ ...e, installed: false, recommended: true })
        } else added.push({ ...e, installed: false })
      }
      if (appendable) {
        built = { ...prev, pages, recommended, items: added.length ? [...prev.items, ...added] : prev.items }
        return built.items
      }
    }
    const merged = mergeInstalled([...featured, ...pages], installed)
    let recommended = 0
    const items = merged.map((item) => {
      if (item.installed || recommended >= RECOMMENDED_WALLETS_COUNT) return item
      recommended++
      return { ...item, recommended: true }
    })
    const ids = new Set<string>()
    const rdns = new Set<string>()
    // As mergeInstalled counts them: an entry skipped as a duplicate adds neither its id nor its rdns.
    for (const e of [...featured, ...pages]) {
      if (ids.has(e.id) || (e.rdns && rdns.has(e.rdns))) continue
      ids.add(e.id)
      if (e.rdns) rdns.add(e.rdns)
    }
    built = { featured, pages, installed: key, items, ids, rdns, recommended }
    return items
  }
  /** The ids of the loaded pages, kept as the pages grow (not rebuilt from 5,000 entries per page). */
  let pageIdsOf: { pages: readonly WalletDirectoryEntry[]; ids: Set<string> } | undefined
  const pageIds = (list: readonly WalletDirectoryEntry[]): Set<string> => {
    const prev = pageIdsOf
    if (
      prev &&
      prev.pages.length <= list.length &&
      list[prev.pages.length - 1] === prev.pages[prev.pages.length - 1]
    ) {
      for (let i = prev.pages.length; i < list.length; i++) prev.ids.add(list[i]!.id)
      pageIdsOf = { pages: list, ids: prev.ids }
    } else pageIdsOf = { pages: list, ids: new Set(list.map((w) => w.id)) }
    return pageIdsOf.ids
  }
  const browseState = () => ({
    items: browseItems(),
    count: total + featured.length,
    hasMore: pages.length < total || page === 0,
  })

  let state: WalletListState = {
    ...browseState(),
    loading: false,
    search: '',
    error: undefined,
  }

  const set = (patch: Partial<WalletListState>) => {
    if (destroyed) return
    const next = { ...state, ...patch }
    next.loading = next.search ? searchPending : browsePending
    // Nothing changed (e.g. a refresh with the same rows): no new state, so no render.
    if ((Object.keys(next) as (keyof WalletListState)[]).every((k) => Object.is(next[k], state[k]))) return
    state = next
    for (const l of [...listeners]) l(state)
  }

  const searchItems = (q: string): WalletListItem[] => {
    const local = searchKnown(cache.known(scope), options.installed(), q)
    return serverResults ? mergeSearchResults(local, serverResults, options.installed(), q) : local
  }

  const refresh = () => {
    if (state.search) {
      const items = searchItems(state.search)
      set({ items, count: serverResults ? Math.max(serverCount, items.length) : items.length })
    } else set(browseState())
  }

  const adopt = (snapshot: BrowseSnapshot) => {
    featured = snapshot.featured
    pages = snapshot.pages
    page = snapshot.page
    total = snapshot.total
  }

  const loadMore = (): Promise<void> => {
    if (browseRequest) return browseRequest
    if (page > 0 && pages.length >= total) return Promise.resolve()
    browsePending = true
    set({})
    browseRequest = (async () => {
      try {
        if (page === 0) adopt(await cache.fetchFirstPage(scope))
        else {
          const f = requestFilters(scope)
          const res = await directory.getWallets({
            page: page + 1,
            entries: WALLETS_PER_PAGE,
            include: f.include,
            exclude: [...(f.exclude ?? []), ...featuredIds],
            chains: f.chains,
          })
          page++
          total = res.count
          const known = pageIds(pages)
          pages = [...pages, ...res.data.filter((w) => !known.has(w.id))]
          cache.save(scope, { featured, pages, page, total, fetchedAt: cache.get(scope)?.fetchedAt ?? 0 })
        }
        browsePending = false
        // One update (one render) with the new rows, not one for the state and one for the rows.
        if (state.search) {
          set({ error: undefined })
          refresh()
        } else set({ error: undefined, ...browseState() })
      } catch (error) {
        browsePending = false
        set({ error })
      } finally {
        browseRequest = undefined
      }
    })()
    return browseRequest
  }

  /** Shown from the cache: fetch page 1 again behind it; the list changes only if the directory did. */
  const revalidate = (): Promise<void> => {
    if (browseRequest) return browseRequest
    browseRequest = (async () => {
      try {
        const fresh = await cache.fetchFirstPage(scope)
        if (fresh.featured === featured && fresh.pages === pages) return
        adopt(fresh)
        set({ error: undefined })
        refresh()
      } catch (error) {
        // The cached rows stay; the failure is shown beside them.
        set({ error })
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
    try {
      const res = await directory.getWallets(
        { page: 1, entries: SEARCH_RESULTS_LIMIT, search: query, ...requestFilters(scope) },
        controller.signal,
      )
      if (controller.signal.aborted || state.search !== query) return
      const data = res.data.slice(0, SEARCH_RESULTS_LIMIT)
      // Merged below what the keystroke already showed (no row moves), then remembered.
      const items = mergeSearchResults(state.items, data, options.installed(), query)
      serverResults = data
      serverCount = res.count
      cache.remember(scope, data)
      searchPending = false
      set({ items, count: Math.max(res.count, items.length), error: undefined, hasMore: false })
    } catch (error) {
      if (controller.signal.aborted) return
      searchPending = false
      set({ error })
    }
  }

  return {
    getState: () => state,
    subscribe(listener: (s: WalletListState) => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    /** Loads the next page (the first: from the cache's request when one is under way). */
    loadMore,
    /** Starts the list: page 1 when nothing is cached, else a refresh of page 1 behind the cached rows. */
    start: (): Promise<void> =>
      page === 0
        ? loadMore()
        : // A task later: the cached rows are painted before the requests are even made.
          new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() =>
            destroyed ? undefined : revalidate(),
          ),
    /**
     * Answers at once from what is known, then asks the directory: only the
     * last query within `debounceMs` is sent; an in-flight older one is aborted.
     */
    setSearch(query: string) {
      const q = query.trim()
      clearTimeout(searchTimer)
      searchController?.abort()
      serverResults = undefined
      searchPending = q !== ''
      if (!q) {
        set({ search: '', ...browseState() })
        return
      }
      const items = searchItems(q)
      set({ search: q, items, count: items.length, hasMore: false, error: undefined })
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
