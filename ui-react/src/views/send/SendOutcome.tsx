import type { PendingSend } from '@portico/core'
import { useStrings } from '../../i18n/index.js'

/**
 * Where a sent transfer stands, as core follows it (`state.pendingSends`):
 * waiting, confirmed, or — the chain's own word — failed with its reason
 * (the fee was paid) or dropped, each with Try again. Announced politely
 * while it waits, as an alert once it failed.
 */
export function SendOutcome({ send, onRetry }: { send: PendingSend | undefined; onRetry(): void }) {
  const t = useStrings()
  if (!send) return null
  if (send.status === 'failed' || send.status === 'dropped') {
    return (
      <div className="send-outcome" data-testid="send-outcome" data-status={send.status}>
        <p className="error-text" role="alert">
          <strong data-testid="send-outcome-title">
            {send.status === 'failed' ? t('sendOutcomeFailed') : t('sendOutcomeDropped')}
          </strong>
          {send.status === 'failed' ? ` · ${t('sendOutcomeFailedDetail')}` : null}
        </p>
        {send.reason ? (
          <p className="error-text" data-testid="send-outcome-reason">
            {send.reason.message}
          </p>
        ) : null}
        <div className="actions">
          <button type="button" className="button" data-variant="primary" onClick={onRetry}>
            {t('tryAgain')}
          </button>
        </div>
      </div>
    )
  }
  return (
    <p className="row-sub" role="status" data-testid="send-outcome" data-status={send.status}>
      {send.status === 'confirmed'
        ? t('sendOutcomeConfirmed')
        : send.reason
          ? t('sendOutcomeUnknown', { reason: send.reason.message })
          : t('sendOutcomePending')}
    </p>
  )
}
