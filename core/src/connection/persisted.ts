import type { ChainNamespace, ConnectionId, PorticoState, PorticoStorage } from '../contracts/index.js'
import { activeConnectionId, parseConnectionId } from './background.js'

/**
 * Storage key of the connections kept beside each namespace's current one:
 * `<prefix>:connections`.
 *
 * Versions of the stored connection state:
 * - 1: `recentConnectors` alone (the current connector per namespace). Still
 *   written and read: it restores the current connections.
 * - 2: adds this key, `{ version: 2, background: [{ namespace, connectorId }], active? }`:
 *   the background connections (oldest first) and the active connection's id.
 * A state stored by version 1 restores as before (no background connections);
 * a value of an unknown version or shape is ignored (the current connections
 * still restore from `recentConnectors`).
 */
export const CONNECTIONS_KEY = 'connections'
export const CONNECTIONS_FORMAT_VERSION = 2

export interface StoredConnections {
  version: 2
  background: { namespace: ChainNamespace; connectorId: string }[]
  active?: ConnectionId
}

function isStoredConnections(value: unknown): value is StoredConnections {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const v = value as Partial<StoredConnections>
  if (v.version !== CONNECTIONS_FORMAT_VERSION || !Array.isArray(v.background) || v.background.length > 50)
    return false
  if (v.active !== undefined && !parseConnectionId(v.active)) return false
  return v.background.every((c: unknown) => {
    if (typeof c !== 'object' || c === null) return false
    const { namespace, connectorId } = c as { namespace?: unknown; connectorId?: unknown }
    return (
      typeof namespace === 'string' &&
      parseConnectionId(`${namespace}:${String(connectorId)}`) !== undefined &&
      typeof connectorId === 'string'
    )
  })
}

/** The stored background connections and active id; a version 1 state (or a foreign value) reads as none. */
export function readStoredConnections(storage: PorticoStorage): StoredConnections {
  return storage.get(CONNECTIONS_KEY, isStoredConnections) ?? { version: 2, background: [] }
}

function same(a: StoredConnections, b: StoredConnections): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/**
 * Mirrors the background connections and the active connection into storage.
 * While a namespace is connecting or restoring, what was stored for it stays
 * (a reload in the middle loses nothing). Returns the unsubscribe function.
 */
export function persistConnections(
  store: { getState(): PorticoState; subscribe(listener: (state: PorticoState) => void): () => void },
  storage: PorticoStorage,
): () => void {
  let written = readStoredConnections(storage)
  const sync = (state: PorticoState) => {
    const settling = (ns: ChainNamespace) => {
      const status = state.accounts[ns]?.status
      return status === 'connecting' || status === 'reconnecting'
    }
    const background = [
      ...written.background.filter((c) => settling(c.namespace)),
      ...(state.backgroundConnections ?? [])
        .filter((c) => !settling(c.namespace))
        .map((c) => ({ namespace: c.namespace, connectorId: c.connectorId })),
    ]
    const activeNs = state.activeNamespace
    const active = activeNs && settling(activeNs) ? written.active : activeConnectionId(state)
    const next: StoredConnections = { version: 2, background, ...(active ? { active } : {}) }
    if (same(next, written)) return
    written = next
    if (background.length === 0 && !active) storage.remove(CONNECTIONS_KEY)
    else storage.set(CONNECTIONS_KEY, next)
  }
  sync(store.getState())
  return store.subscribe(sync)
}
