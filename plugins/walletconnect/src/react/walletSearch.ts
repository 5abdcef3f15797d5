import { type Connector, SEARCH_RESULTS_LIMIT, type WalletDirectoryEntry } from '@portico/core'

/** A row of All Wallets: a directory entry, maybe matched to an installed connector. */
export interface WalletListItem extends WalletDirectoryEntry {
  /** Connector id of the installed wallet (EIP-6963 / Wallet Standard) it matched by rdns. */
  connectorId?: string
  recommended?: boolean
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

/** Lower-cased names, computed once per entry (not once per entry per keystroke). */
const searchKeys = new WeakMap<WalletDirectoryEntry, string>()
function searchKey(e: WalletDirectoryEntry): string {
  let key = searchKeys.get(e)
  if (key === undefined) {
    key = e.name.toLowerCase()
    searchKeys.set(e, key)
  }
  return key
}

/**
 * The instant answer to a keystroke, from what the client already holds
 * (installed wallets, the loaded pages, entries met in earlier searches):
 * name matches, installed first, at most 100 (SPEC §9). No request. Only the
 * matches that can be shown are merged (installed ones, then the first 100
 * others), so a one-letter query over 5,000 loaded entries stays cheap.
 */
export function searchKnown(
  known: readonly WalletDirectoryEntry[],
  installed: readonly Connector[],
  query: string,
): WalletListItem[] {
  const q = query.trim().toLowerCase()
  const installedRdns = new Set<string>()
  for (const c of installed) if (c.info?.rdns) installedRdns.add(c.info.rdns)
  const hits: WalletDirectoryEntry[] = []
  // The others as mergeInstalled counts them: a duplicate (by id, then rdns) takes no place.
  const ids = new Set<string>()
  const rdns = new Set<string>()
  let others = 0
  for (const e of known) {
    if (q && !searchKey(e).includes(q)) continue
    if (e.rdns && installedRdns.has(e.rdns)) {
      hits.push(e)
      continue
    }
    if (others >= SEARCH_RESULTS_LIMIT || ids.has(e.id) || (e.rdns && rdns.has(e.rdns))) continue
    ids.add(e.id)
    if (e.rdns) rdns.add(e.rdns)
    others++
    hits.push(e)
  }
  return mergeInstalled(hits, installed, q).slice(0, SEARCH_RESULTS_LIMIT)
}

/**
 * Merges the directory's answer into the rows already on screen without
 * moving them: each shown row keeps its place (updated with the server's
 * copy of its entry), the server's other results follow in its order, no
 * entry twice (by id, then rdns), at most 100 rows in all (SPEC §9).
 */
export function mergeSearchResults(
  shown: readonly WalletListItem[],
  server: readonly WalletDirectoryEntry[],
  installed: readonly Connector[],
  query: string,
): WalletListItem[] {
  const fromServer = mergeInstalled(server, installed, query)
  const byId = new Map(fromServer.map((w) => [w.id, w]))
  const ids = new Set<string>()
  const rdns = new Set<string>()
  const out: WalletListItem[] = []
  for (const row of shown) {
    const fresh = byId.get(row.id)
    const item = fresh ?? row
    out.push(item)
    ids.add(item.id)
    if (item.rdns) rdns.add(item.rdns)
  }
  for (const w of fromServer) {
    if (out.length >= SEARCH_RESULTS_LIMIT) break
    if (ids.has(w.id) || (w.rdns && rdns.has(w.rdns))) continue
    ids.add(w.id)
    if (w.rdns) rdns.add(w.rdns)
    out.push(w)
  }
  return out.slice(0, SEARCH_RESULTS_LIMIT)
}
