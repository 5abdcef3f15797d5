import { pickAccount } from '../account-type/index.js'
import type { AccountRecord, CaipNetworkId, ConnectionId } from '../contracts/index.js'
import type { ConnectionSessions } from './sessions.js'

/** A background wallet's accounts changed: only its own record follows (none left: it ended). */
export function onBackgroundAccounts(
  sessions: ConnectionSessions,
  id: ConnectionId,
  accounts: AccountRecord[],
): void {
  const connection = sessions.background.find(id)
  if (!connection) return
  const selected = pickAccount(accounts, undefined)
  if (!selected) {
    sessions.endBackground(id)
    return
  }
  sessions.background.update(id, { address: selected.address, allAccounts: accounts })
  if (selected.address === connection.address) return
  const ns = connection.namespace
  sessions.deps.events.emit('ACCOUNT_CHANGED', { namespace: ns, address: selected.address, connectionId: id })
  sessions.emitChange('account', ns, connection.connectorId, connection.wallet, selected.address)
}

export function onBackgroundChain(
  sessions: ConnectionSessions,
  id: ConnectionId,
  caipNetworkId: CaipNetworkId,
  accounts?: AccountRecord[],
): void {
  const connection = sessions.background.find(id)
  if (!connection || connection.caipNetworkId === caipNetworkId) return
  const selected = accounts?.length
    ? (accounts.find((a) => a.address === connection.address) ?? pickAccount(accounts, undefined))
    : undefined
  sessions.background.update(id, {
    caipNetworkId,
    ...(selected ? { address: selected.address, allAccounts: accounts } : {}),
  })
  sessions.emitChange(
    'network',
    connection.namespace,
    connection.connectorId,
    connection.wallet,
    connection.address,
  )
}
