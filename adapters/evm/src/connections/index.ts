export { type Connection, type Connections, createConnections } from './connections.js'
