import type { ChainNamespace, PorticoStorage } from '../contracts/index.js'

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
