import type { TransactionOutcome } from '@portico/core'
import { useStrings } from '../../i18n/index.js'
import { ExternalIcon } from '../../modal/icons.js'

/** What `TransactionOutcomeNotice` shows: the chain's outcome, or why following it broke. */
export interface TransactionOutcomeNoticeProps {
  /** The latest outcome core reported (`state.outcomes[hash]`, `PendingSend.outcome`); undefined: waiting. */
  outcome: TransactionOutcome | undefined
  /** Following the transaction broke (the node could not be asked): nothing is known, said with this reason. */
  followError?: string | undefined
  /** The transaction's explorer page; shown as a link beside a failed or dropped outcome. */
  url?: string | undefined
  /** Offered as "Try again" on a failed or dropped outcome. */
  onRetry?: (() => void) | undefined
  /** `data-testid` of the root (default `transaction-outcome`); parts are `<testId>-title`, `-reason`. */
  testId?: string
}

/**
 * Where a sent transaction stands, as the chain says (issue 28), for every
 * view that sends (Send, Send NFT, Swap, onramp, the host's requests):
 * waiting (politely announced), confirmed, or — as an alert — Failed with
 * the chain's reason (the fee was paid) or Dropped, each with the explorer
 * link and Try again. The reason is untrusted text from a node: rendered as
 * text. Exported so plugin views show outcomes the same way.
 *
 * @example
 * const outcome = usePorticoState((s) => s.outcomes?.[hash])
 * return <TransactionOutcomeNotice outcome={outcome} url={explorer} onRetry={retry} />
 */
export function TransactionOutcomeNotice({
  outcome,
  followError,
  url,
  onRetry,
  testId = 'transaction-outcome',
}: TransactionOutcomeNoticeProps) {
  const t = useStrings()
  const status = outcome?.status ?? 'pending'
  if (status === 'failed' || status === 'dropped') {
    const reason =
      outcome?.status === 'failed'
        ? outcome.reason.message
        : outcome?.status === 'dropped'
          ? outcome.reason
          : undefined
    return (
      <div className="send-outcome" data-testid={testId} data-status={status}>
        <p className="error-text" role="alert">
          <strong data-testid={`${testId}-title`}>
            {status === 'failed' ? t('sendOutcomeFailed') : t('sendOutcomeDropped')}
          </strong>
          {status === 'failed' ? ` · ${t('transactionOutcomeFailedDetail')}` : null}
        </p>
        {reason ? (
          <p className="error-text" data-testid={`${testId}-reason`}>
            {reason}
          </p>
        ) : null}
        {url ? (
          <div className="chip-row">
            <a
              className="chip"
              href={url}
              target="_blank"
              rel="noreferrer noopener"
              data-testid={`${testId}-explorer`}
            >
              <ExternalIcon />
              {t('viewOnExplorer')}
            </a>
          </div>
        ) : null}
        {onRetry ? (
          <div className="actions">
            <button type="button" className="button" data-variant="primary" onClick={onRetry}>
              {t('tryAgain')}
            </button>
          </div>
        ) : null}
      </div>
    )
  }
  return (
    <p className="row-sub" role="status" data-testid={testId} data-status={status}>
      {status === 'succeeded'
        ? t('sendOutcomeConfirmed')
        : followError
          ? t('sendOutcomeUnknown', { reason: followError })
          : outcome?.status === 'pending' && outcome.stage === 'mempool'
            ? t('transactionOutcomeMempool')
            : t('sendOutcomePending')}
    </p>
  )
}
