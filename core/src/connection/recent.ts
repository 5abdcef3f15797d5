import type {
  AccountState,
  CaipNetworkId,
  ChainNamespace,
  PorticoState,
  PorticoStorage,
} from '../contracts/index.js'
import { isAddress, isCaipNetworkId } from '../utils/index.js'

/** Storage key of the recent connector id per namespace: `<prefix>:recentConnectors`. */
export const RECENT_CONNECTORS_KEY = 'recentConnectors'

export type RecentConnectors = Partial<Record<ChainNamespace, string>>

function isRecentConnectors(value: unknown): value is RecentConnectors {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string' && v.length > 0)
  )
}

/** The stored recent connector id per namespace; a corrupted or foreign value reads as none. */
export function readRecentConnectors(storage: PorticoStorage): RecentConnectors {
  return storage.get(RECENT_CONNECTORS_KEY, isRecentConnectors) ?? {}
}

/** Stores (or, with `undefined`, forgets) the recent connector of a namespace. */
export function writeRecentConnector(
  storage: PorticoStorage,
  namespace: ChainNamespace,
  connectorId: string | undefined,
): void {
  const recent = { ...readRecentConnectors(storage) }
  if (connectorId === undefined) delete recent[namespace]
  else recent[namespace] = connectorId
  if (Object.keys(recent).length === 0) storage.remove(RECENT_CONNECTORS_KEY)
  else storage.set(RECENT_CONNECTORS_KEY, recent)
}

/**
 * Storage key of the last connected account per namespace: `<prefix>:recentAccounts`.
 * With cookie storage the server reads it from the request, so a server render
 * already shows the address the browser is about to restore.
 */
export const RECENT_ACCOUNTS_KEY = 'recentAccounts'

/** The account a namespace was last connected with, and on which network. */
export interface RecentAccount {
  address: string
  caipNetworkId: CaipNetworkId
}

export type RecentAccounts = Partial<Record<ChainNamespace, RecentAccount>>

function isRecentAccounts(value: unknown): value is RecentAccounts {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  return Object.values(value).every(
    (v) =>
      typeof v === 'object' &&
      v !== null &&
      isCaipNetworkId((v as RecentAccount).caipNetworkId) &&
      // The address must be one of its own namespace (a cookie is input like any other).
      isAddress((v as RecentAccount).address, (v as RecentAccount).caipNetworkId.split(':')[0]),
  )
}

/** The stored last account per namespace; a corrupted or foreign value reads as none. */
export function readRecentAccounts(storage: PorticoStorage): RecentAccounts {
  return storage.get(RECENT_ACCOUNTS_KEY, isRecentAccounts) ?? {}
}

function sameAccounts(a: RecentAccounts, b: RecentAccounts): boolean {
  const keys = Object.keys(a) as ChainNamespace[]
  if (keys.length !== Object.keys(b).length) return false
  return keys.every(
    (ns) => a[ns]?.address === b[ns]?.address && a[ns]?.caipNetworkId === b[ns]?.caipNetworkId,
  )
}

/**
 * Mirrors the connected accounts into storage: a connected namespace stores its
 * address and active network, a disconnected one is forgotten, while connecting
 * or reconnecting the stored value stays. Writes only on a change. Returns the
 * unsubscribe function.
 */
export function persistRecentAccounts(
  store: { getState(): PorticoState; subscribe(listener: (state: PorticoState) => void): () => void },
  storage: PorticoStorage,
): () => void {
  let written = readRecentAccounts(storage)
  const sync = (state: PorticoState) => {
    const next: RecentAccounts = { ...written }
    for (const [ns, account] of Object.entries(state.accounts) as [ChainNamespace, AccountState][]) {
      const network = state.networks.active[ns]
      if (account.status === 'connected' && account.address && network)
        next[ns] = { address: account.address, caipNetworkId: network }
      else if (account.status === 'disconnected') delete next[ns]
    }
    if (sameAccounts(next, written)) return
    written = next
    if (Object.keys(next).length === 0) storage.remove(RECENT_ACCOUNTS_KEY)
    else storage.set(RECENT_ACCOUNTS_KEY, next)
  }
  return store.subscribe(sync)
}
