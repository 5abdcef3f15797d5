export {
  activeConnectionId,
  connectionIdOf,
  parseConnectionId,
  selectConnections,
} from './background.js'
export { type ConnectionDeps, ConnectionService } from './connection.js'
export {
  CONNECTIONS_FORMAT_VERSION,
  CONNECTIONS_KEY,
  persistConnections,
  readStoredConnections,
  type StoredConnections,
} from './persisted.js'
export {
  persistRecentAccounts,
  RECENT_ACCOUNTS_KEY,
  RECENT_CONNECTORS_KEY,
  type RecentAccount,
  type RecentAccounts,
  type RecentConnectors,
  readRecentAccounts,
  readRecentConnectors,
  writeRecentConnector,
} from './recent.js'
