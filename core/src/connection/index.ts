export { type ConnectionDeps, ConnectionService } from './connection.js'
export {
  RECENT_CONNECTORS_KEY,
  type RecentConnectors,
  readRecentConnectors,
  writeRecentConnector,
} from './recent.js'
