// createCalls (calls.ts) has a door of its own, runtime.ts: only portico/actions.ts (loaded with
// import()) reaches it, so a page's first load never does through this one (issue 31).
export { CALLS_FOLLOW_MS, InvalidCallsError, InvalidCallsStatusError, MAX_CALLS_PER_BATCH } from './errors.js'
