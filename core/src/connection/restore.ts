import type { AccountRecord, BackgroundConnection, CaipNetworkId, ChainAdapter } from '../contracts/index.js'
import { connectionIdOf } from './background.js'
import { type ConnectionDeps, type ConnectionSessions, walletInfo } from './sessions.js'

/**
 * SPEC §4 restore on load, one connection at a time: the adapter is asked for
 * the accounts the wallet already granted, never to connect.
 */

/**
 * Restores a wallet kept in the background before the reload (the adapter is
 * asked for its accounts, never to connect). Without a current connection in
 * its namespace (that one could not be restored) it becomes the current one.
 */
export async function restoreBackground(
  deps: ConnectionDeps,
  sessions: ConnectionSessions,
  adapter: ChainAdapter,
  connectorId: string,
): Promise<void> {
  const ns = adapter.namespace
  let answer: Awaited<ReturnType<ChainAdapter['getAccounts']>> | undefined
  try {
    answer = await adapter.getAccounts({ connectorId })
  } catch (error) {
    deps.logger.warn('Portico: could not restore a background connection', error)
  }
  if (sessions.destroyed) return
  const network = answer?.caipNetworkId ?? deps.store.getState().networks.active[ns]
  const accounts = answer?.accounts ?? []
  const first = accounts[0]
  if (!first || !network) return
  const status = deps.accounts.get(ns)?.status
  // A connect() under way owns the namespace; the wallet answers again when connected.
  if (status === 'connecting' || status === 'reconnecting') return
  const wallet = walletInfo(sessions.connectorOf(ns, connectorId), undefined)
  const record: BackgroundConnection = {
    id: connectionIdOf(ns, connectorId),
    namespace: ns,
    connectorId,
    address: first.address,
    caipNetworkId: network,
    allAccounts: accounts,
    ...(wallet ? { wallet } : {}),
  }
  sessions.keepInBackground(record)
  if (deps.accounts.get(ns)?.status === 'connected') return
  sessions.promote(record, false)
  deps.onRestored?.(ns)
}

export async function restoreCurrent(
  deps: ConnectionDeps,
  sessions: ConnectionSessions,
  adapter: ChainAdapter,
  connectorId: string,
): Promise<void> {
  const ns = adapter.namespace
  const status = deps.accounts.get(ns)?.status
  // A connect() that started meanwhile owns the namespace.
  if (status !== 'disconnected' && status !== 'reconnecting') return
  deps.accounts.update(ns, { status: 'reconnecting', connectorId })
  let accounts: AccountRecord[] = []
  let caipNetworkId: CaipNetworkId | undefined
  try {
    const answer = await adapter.getAccounts({ connectorId })
    accounts = answer.accounts
    caipNetworkId = answer.caipNetworkId
  } catch (error) {
    deps.logger.warn('Portico: could not restore the recent connection', error)
  }
  if (sessions.destroyed) return
  // A connect() that started meanwhile owns the state now.
  if (deps.accounts.get(ns)?.status !== 'reconnecting') return
  const network = caipNetworkId ?? deps.store.getState().networks.active[ns]
  if (accounts.length === 0 || !network) {
    deps.accounts.reset(ns)
    sessions.writeRecent(ns, undefined)
    return
  }
  const connector = sessions.connectorOf(ns, connectorId)
  sessions.apply(ns, connectorId, accounts, network, walletInfo(connector, undefined))
  void deps.balance.refresh(ns)
  deps.onRestored?.(ns)
}
