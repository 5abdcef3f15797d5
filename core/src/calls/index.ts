export {
  CALLS_FOLLOW_MS,
  createCalls,
  InvalidCallsError,
  InvalidCallsStatusError,
  MAX_CALLS_PER_BATCH,
} from './calls.js'
