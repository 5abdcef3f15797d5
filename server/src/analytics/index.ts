export { ANALYTICS_BODY_LIMIT, registerAnalyticsRoutes } from './routes.js'
export { AnalyticsWriter, type StoredEvent } from './writer.js'
