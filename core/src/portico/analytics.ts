import type { InstanceEventBus } from '../events/index.js'
import type { InstanceApi } from './api.js'

/** Events analytics does not receive: MODAL_CREATED is never sent (SPEC §7); the rest is internal chatter. */
const NOT_TRACKED = new Set([
  'MODAL_CREATED',
  'ROUTER_CHANGE',
  'AUTH_CONNECTOR_RELOAD',
  'APP_METADATA_SYNC',
  'ALERT',
])
const ERROR_EVENTS = new Set(['CONNECT_ERROR', 'DISCONNECT_ERROR', 'ERROR'])

/** Forwards the instance's events to the analytics client (errors as errors); returns the unsubscribe. */
export function forwardAnalytics(events: InstanceEventBus, api: InstanceApi): () => void {
  return events.onAny((event, payload) => {
    if (NOT_TRACKED.has(event)) return
    if (ERROR_EVENTS.has(event)) {
      api.analytics.sendError((payload as { error?: unknown }).error, event)
      return
    }
    api.analytics.sendEvent(event, { ...(payload as object) })
  })
}
