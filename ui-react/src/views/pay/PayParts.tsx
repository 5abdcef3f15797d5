import { formatUnits, type InsufficientFundsError, type PaymentSession } from '@portico/core'
import { usePortico } from '../../context/index.js'
import { usePorticoState } from '../../hooks/index.js'
import { useCatalogue, useStrings } from '../../i18n/index.js'
import { ExternalIcon } from '../../modal/icons.js'
import { TransactionOutcomeNotice } from '../outcome/index.js'
import { sendErrorText } from '../send/index.js'
import { payStrings } from './strings.js'

/** The amount in the asset's units, exactly (a payment is never rounded for display). */
export const payAmount = (p: PaymentSession) => `${formatUnits(p.units, p.asset.decimals)} ${p.asset.symbol}`

/** Why the last attempt did not pay, in the visitor's words: each typed reason its own sentence. */
export function PayProblem({ payment }: { payment: PaymentSession }) {
  const portico = usePortico()
  const t = useCatalogue(payStrings)
  const ts = useStrings()
  const error = payment.error
  if (!error) return null
  if (error.code === 'PAYMENT_FAILED' && payment.hash) {
    // The chain's own outcome (failed with its reason, or dropped), with the explorer link and Try again.
    return <FollowedOutcome payment={payment} onRetry={() => void portico.payment.confirm()} />
  }
  let text: string
  switch (error.code) {
    case 'PAYMENT_DECLINED':
      text = t('declined')
      break
    case 'INSUFFICIENT_FUNDS': {
      const e = error as InsufficientFundsError
      text = t('insufficient', { amount: `${e.formatted} ${e.symbol}` })
      break
    }
    case 'PAYMENT_WRONG_NETWORK':
      text = t('wrongNetwork', {
        current: (error as { actual?: string }).actual ?? t('unknownNetwork'),
        network: payment.networkName,
      })
      break
    default:
      text = sendErrorText(error, ts, payment.networkName)
  }
  return (
    <div
      className="alert"
      data-severity="error"
      role="alert"
      data-testid="pay-problem"
      data-code={error.code}
    >
      <div>{text}</div>
    </div>
  )
}

function FollowedOutcome({ payment, onRetry }: { payment: PaymentSession; onRetry?: () => void }) {
  const outcome = usePorticoState((s) => (payment.hash ? s.outcomes?.[payment.hash] : undefined))
  const followError =
    payment.status === 'failed' && payment.error?.code !== 'PAYMENT_FAILED'
      ? payment.error?.message
      : undefined
  return (
    <TransactionOutcomeNotice
      outcome={outcome}
      followError={followError}
      url={payment.explorerUrl}
      onRetry={onRetry}
      testId="pay-outcome"
    />
  )
}

/** Sent: where the transaction stands on the chain, then Paid with its id, the explorer link and Done. */
export function PayOutcome({ payment, onDone }: { payment: PaymentSession; onDone(): void }) {
  const t = useCatalogue(payStrings)
  if (payment.status !== 'succeeded') {
    return (
      <>
        <p className="row-sub" data-testid="pay-following">
          {t('following')}
        </p>
        <FollowedOutcome payment={payment} />
        <ExplorerLink payment={payment} />
      </>
    )
  }
  return (
    <div data-testid="pay-paid">
      <h3 className="send-heading" role="status">
        {t('paid')}
      </h3>
      <p className="row-sub">{t('paidDetail', { amount: payAmount(payment) })}</p>
      <dl className="kv">
        <dt>{t('transaction')}</dt>
        <dd className="mono" dir="ltr" data-testid="pay-hash">
          {payment.hash}
        </dd>
      </dl>
      <ExplorerLink payment={payment} />
      <div className="actions">
        <button
          type="button"
          className="button"
          data-variant="primary"
          onClick={onDone}
          data-testid="pay-done"
        >
          {t('done')}
        </button>
      </div>
    </div>
  )
}

function ExplorerLink({ payment }: { payment: PaymentSession }) {
  const t = useCatalogue(payStrings)
  if (!payment.explorerUrl) return null
  return (
    <div className="chip-row">
      <a
        className="chip"
        href={payment.explorerUrl}
        target="_blank"
        rel="noreferrer noopener"
        data-testid="pay-explorer"
      >
        <ExternalIcon />
        {t('viewOnExplorer')}
      </a>
    </div>
  )
}
