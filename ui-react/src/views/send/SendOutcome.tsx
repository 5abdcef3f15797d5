import type { PendingSend } from '@portico/core'
import { TransactionOutcomeNotice } from '../outcome/index.js'

/**
 * Where a sent transfer stands, as core follows it (`state.pendingSends`):
 * the shared `TransactionOutcomeNotice` over the send's latest outcome —
 * waiting, confirmed, or Failed with the chain's reason (the fee was paid)
 * or Dropped, each with Try again. The explorer link is Send's own chip.
 */
export function SendOutcome({ send, onRetry }: { send: PendingSend | undefined; onRetry(): void }) {
  if (!send) return null
  // A followed send without an outcome yet, or whose follow broke (reason set, still pending).
  const outcome =
    send.outcome ??
    (send.status === 'failed'
      ? { status: 'failed' as const, hash: send.hash, reason: send.reason ?? { message: '' } }
      : send.status === 'dropped'
        ? {
            status: 'dropped' as const,
            hash: send.hash,
            ...(send.reason ? { reason: send.reason.message } : {}),
          }
        : send.status === 'confirmed'
          ? { status: 'succeeded' as const, hash: send.hash }
          : undefined)
  const followError = send.status === 'pending' && send.reason ? send.reason.message : undefined
  return (
    <TransactionOutcomeNotice
      outcome={outcome}
      followError={followError}
      onRetry={onRetry}
      testId="send-outcome"
    />
  )
}
