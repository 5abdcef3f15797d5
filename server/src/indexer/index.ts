export { decodeCursor, encodeCursor, HISTORY_PAGE_SIZE, HistoryService } from './history.js'
export { HistoryIndexer, sortKey, TRANSFER_TOPIC } from './indexer.js'
export { advisoryKey, type Leadership, postgresLeadership, singleInstanceLeadership } from './leader.js'
export { registerHistoryRoutes } from './routes.js'
