import { PorticoError } from '../errors/index.js'

/** The most calls one batch may carry (wallets cap batches; a longer list is a mistake, not a batch). */
export const MAX_CALLS_PER_BATCH = 64
/** How long `waitForCalls` follows a batch by default before it reports it still pending (ms). */
export const CALLS_FOLLOW_MS = 180_000

/**
 * A batch of calls (or a batch id) that `portico.sendCalls` / `getCallsStatus`
 * refused before asking the wallet: `details` says which field and why.
 */
export class InvalidCallsError extends PorticoError {
  override name = 'InvalidCallsError'
  override readonly code = 'INVALID_CALLS' as const
  constructor(details: string) {
    super('These calls cannot be sent as a batch.', { details })
  }
}

/** The wallet answered a batch's status with something EIP-5792 does not allow (a status that is no code). */
export class InvalidCallsStatusError extends PorticoError {
  override name = 'InvalidCallsStatusError'
  override readonly code = 'INVALID_CALLS_STATUS' as const
  constructor(details: string) {
    super('The wallet returned an invalid status for a batch of calls.', { details })
  }
}
