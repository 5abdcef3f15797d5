export {
  type ConnectionDeps,
  ConnectionService,
  RECENT_CONNECTORS_KEY,
  readRecentConnectors,
} from './connection.js'
