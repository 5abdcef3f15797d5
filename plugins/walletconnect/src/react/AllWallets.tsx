import type { CaipNetworkId, WalletDirectoryApi } from '@portico/core'
import { useCatalogue, useConnectors, usePorticoState, useViewTitle } from '@portico/react'
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react'
import { holdImagePreloads, useWalletConnect, WalletImage } from './shared.js'
import { walletConnectStrings } from './strings.js'
import { createWalletList, type WalletList, type WalletListItem, type WalletListState } from './walletList.js'

/** Row pitch in px (row + gap) and the list viewport height: fixed, so the window is computed, not measured. */
export const ROW_HEIGHT = 60
export const VIEWPORT_HEIGHT = 420
const OVERSCAN = 4
/**
 * Row slots: the most rows a window holds. A row is keyed by its index modulo this, so a row
 * that stays in the window keeps its element, and one that leaves hands its element to the
 * one that enters (updated in place: no element made or dropped on a scroll, a keystroke or a merge).
 */
const SLOTS = Math.ceil(VIEWPORT_HEIGHT / ROW_HEIGHT) + 1 + 2 * OVERSCAN
/** Load the next page when the window comes this close to the end. */
const PREFETCH_ROWS = 10

const noSubscribe = () => () => {}
const EMPTY: WalletListState = {
  items: [],
  count: 0,
  loading: false,
  hasMore: false,
  search: '',
  error: undefined,
}
/** Before the list exists (first render, or between StrictMode's cleanup and re-run): loading, not "No wallet found". */
const PENDING: WalletListState = { ...EMPTY, loading: true, hasMore: true }
const empty = () => EMPTY
const pending = () => PENDING

/**
 * AllWallets: the wallet directory. Installed wallets first (merged by rdns),
 * then featured / recommended, then 40 per page with infinite scroll; search
 * (debounced, up to 100 results, stale requests aborted); chain filter from the
 * configured networks; lazy images with a placeholder. Only the visible rows
 * are in the DOM, so 5,000 entries scroll smoothly.
 */
export default function AllWalletsView() {
  const { portico, instance } = useWalletConnect()
  const t = useCatalogue(walletConnectStrings)
  useViewTitle(t('allWallets'))
  const { connectors } = useConnectors()
  const chains = usePorticoState((s) => s.networks.all)
  const { directory, directoryCache, options } = instance

  const chainIds = chains.map((n) => n.caipNetworkId).join(',')
  /** The search box's text, carried over to a list made again (e.g. after the networks changed). */
  const search = useRef('')
  const scroller = useRef<HTMLDivElement>(null)
  /** The list's scroll offset as last seen (reading `scrollTop` on a keystroke would force a layout). */
  const lastScrollTop = useRef(0)
  const makeList = useCallback(
    () =>
      directory
        ? createWalletList({
            directory,
            installed: () => portico.getState().connectors,
            ...(directoryCache ? { cache: directoryCache } : { featuredIds: options.featuredWalletIds }),
            include: options.includeWalletIds,
            exclude: options.excludeWalletIds,
            chains: chainIds ? (chainIds.split(',') as CaipNetworkId[]) : [],
          })
        : undefined,
    [directory, directoryCache, portico, options, chainIds],
  )
  // The first render already shows the rows the cache holds (one pass, no "Loading" pass before
  // them): a list not yet started has no lifecycle (no request, no timer), so making it during
  // render is safe. The layout effect below starts it, or a fresh one when the effect runs again.
  const [list, setList] = useState<WalletList | undefined>(makeList)
  const unstarted = useRef<{ list: WalletList | undefined; make: typeof makeList } | undefined>({
    list,
    make: makeList,
  })
  useLayoutEffect(() => {
    // StrictMode runs the effect's cleanup and then the effect again: the list it destroyed
    // can't come back (it would ignore every answer), so only the first run takes the
    // list the first render made, and only if it was made from the same inputs.
    const first = unstarted.current
    unstarted.current = undefined
    const created = first?.make === makeList && first.list ? first.list : makeList()
    if (!created) return
    setList(created)
    void created.start()
    if (search.current) created.setSearch(search.current)
    return () => {
      created.destroy()
      setList((current) => (current === created ? undefined : current))
    }
  }, [makeList])
  // Re-mark installed wallets when a new one is announced.
  // Not on the list's first run: it was just made from the same connectors.
  const installedKey = connectors.map((c) => c.info?.rdns ?? '').join(',')
  const installedSeen = useRef<{ list: WalletList; key: string } | undefined>(undefined)
  useEffect(() => {
    if (!list) return
    const seen = installedSeen.current
    installedSeen.current = { list, key: installedKey }
    if (seen?.list === list && seen.key !== installedKey) list.refresh()
  }, [list, installedKey])

  const state = useSyncExternalStore(
    list?.subscribe ?? noSubscribe,
    list?.getState ?? (directory ? pending : empty),
    list?.getState ?? (directory ? pending : empty),
  )
  const [query, setQuery] = useState('')
  /** The rows in the window: a scroll re-renders only when they change, not on every scroll event. */
  const [range, setRange] = useState(() => rowRange(0))
  const scrolledTo = useCallback((scrollTop: number) => {
    const next = rowRange(scrollTop)
    setRange((r) => (r.first === next.first && r.last === next.last ? r : next))
  }, [])

  const select = useCallback(
    (item: WalletListItem) => {
      instance.wallets.set(item.id, item)
      if (item.installed && item.connectorId)
        portico.router.push('ConnectingExternal', { connectorId: item.connectorId })
      else portico.router.push('ConnectingWalletConnect', { walletId: item.id })
    },
    [instance, portico],
  )

  const items = state.items
  // A list made with nothing cached and not started yet (the first render) is about to load.
  const loading = state.loading || (!state.search && items.length === 0 && state.hasMore && !state.error)
  const first = range.first
  const last = Math.min(items.length, range.last)
  useEffect(() => {
    if (list && !state.search && state.hasMore && !state.loading && last >= items.length - PREFETCH_ROWS)
      void list.loadMore()
  }, [list, last, items.length, state.search, state.hasMore, state.loading])

  if (!directory)
    return (
      <p className="empty" data-state="no-directory">
        {t('noDirectory')}
      </p>
    )

  return (
    <div className="section" data-state={loading ? 'loading' : 'ready'}>
      <input
        className="search"
        type="search"
        placeholder={t('searchWallet')}
        aria-label={t('searchWallet')}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value)
          search.current = e.target.value
          scrolledTo(0)
          if (scroller.current && lastScrollTop.current !== 0) {
            scroller.current.scrollTop = 0
            lastScrollTop.current = 0
          }
          list?.setSearch(e.target.value)
        }}
      />
      <div
        ref={scroller}
        className="wallet-scroll"
        role="listbox"
        aria-label={t('wallets')}
        aria-busy={loading}
        data-count={items.length}
        // contain: what changes inside the list (rows in and out) is laid out and painted alone.
        style={{ height: VIEWPORT_HEIGHT, overflowY: 'auto', position: 'relative', contain: 'layout paint' }}
        onScroll={(e) => {
          holdImagePreloads()
          lastScrollTop.current = e.currentTarget.scrollTop
          scrolledTo(lastScrollTop.current)
        }}
      >
        <div style={{ height: items.length * ROW_HEIGHT, position: 'relative', contain: 'layout style' }}>
          {items.slice(first, last).map((item, i) => (
            <WalletRow
              // biome-ignore lint/suspicious/noArrayIndexKey: keyed by slot on purpose (see SLOTS)
              key={(first + i) % SLOTS}
              item={item}
              top={(first + i) * ROW_HEIGHT}
              tag={item.installed ? t('installed') : item.recommended ? t('recommended') : undefined}
              directory={directory}
              onSelect={select}
            />
          ))}
        </div>
        {items.length === 0 ? (
          // Over the empty list, not above it: the list never moves when the message comes or goes.
          <p className="empty" role="status" style={{ position: 'absolute', inset: '0 0 auto 0', margin: 0 }}>
            {loading
              ? state.search
                ? t('searching')
                : t('loadingWallets')
              : state.error
                ? ''
                : t('noWalletFound')}
          </p>
        ) : null}
      </div>
      {state.error ? (
        <div className="actions" data-state="error">
          <p className="error-text" role="alert">
            {t('loadFailed')}
          </p>
          <button
            type="button"
            className="button"
            data-variant="secondary"
            onClick={() => retry(list, state.search)}
          >
            {t('retry')}
          </button>
        </div>
      ) : null}
    </div>
  )
}

/** The rows drawn for a scroll position: those in view and OVERSCAN more on each side. */
function rowRange(scrollTop: number): { first: number; last: number } {
  return {
    first: Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN),
    last: Math.ceil((scrollTop + VIEWPORT_HEIGHT) / ROW_HEIGHT) + OVERSCAN,
  }
}

interface WalletRowProps {
  item: WalletListItem
  top: number
  tag: string | undefined
  directory: WalletDirectoryApi
  onSelect: (item: WalletListItem) => void
}

/** A row is rendered again only when what it shows changed: a scroll or a merge leaves the others alone. */
const WalletRow = memo(function WalletRow({ item, top, tag, directory, onSelect }: WalletRowProps) {
  const ref = useRef<HTMLButtonElement>(null)
  // The slot now shows another wallet: focus does not stay on it (as when a row left the DOM).
  const shownId = useRef(item.id)
  useLayoutEffect(() => {
    if (shownId.current === item.id) return
    shownId.current = item.id
    const el = ref.current
    if (el && (el.getRootNode() as Document | ShadowRoot).activeElement === el) el.blur()
  }, [item.id])
  return (
    <button
      ref={ref}
      type="button"
      role="option"
      aria-selected={false}
      className="row"
      data-wallet-id={item.id}
      style={{ position: 'absolute', top, insetInline: 0 }}
      onClick={() => onSelect(item)}
    >
      <WalletImage
        src={item.image_url ?? (item.image_id ? directory.getImageUrl('wallet', item.image_id) : undefined)}
        name={item.name}
      />
      <span className="row-label">{item.name}</span>
      {tag ? <span className="tag">{tag}</span> : null}
    </button>
  )
}, sameRow)

/** Same row: same props, the item compared field by field (a list rebuilt by a merge makes new objects). */
function sameRow(a: WalletRowProps, b: WalletRowProps): boolean {
  if (a.top !== b.top || a.tag !== b.tag || a.directory !== b.directory || a.onSelect !== b.onSelect)
    return false
  if (a.item === b.item) return true
  const keys = Object.keys(a.item) as (keyof WalletListItem)[]
  return keys.length === Object.keys(b.item).length && keys.every((k) => Object.is(a.item[k], b.item[k]))
}

/** After a failure: the search again when one is typed, else the browse list. */
function retry(list: WalletList | undefined, search: string) {
  if (!list) return
  if (search) list.setSearch(search)
  else void list.loadMore()
}
