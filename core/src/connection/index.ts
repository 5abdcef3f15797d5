export { type ConnectionDeps, ConnectionService } from './connection.js'
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
