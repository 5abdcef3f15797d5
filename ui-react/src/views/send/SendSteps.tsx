import type { Network, PreparedSend } from '@portico/core'
import { type ReactNode, useEffect, useState } from 'react'
import { shortenAddress, useFormat } from '../../format/index.js'
import { useStrings } from '../../i18n/index.js'
import { CheckIcon, CloseIcon, CopyIcon, ExternalIcon } from '../../modal/icons.js'
import { Avatar } from '../identity.js'
import { SponsoredNote } from '../smart-account/index.js'
import { feeAmountText, feeErrorText, sendErrorText } from './messages.js'
import type { Receiver } from './useReceiver.js'

/** The confirm step: what will be sent, to whom (a name with the address it resolved to), on which network, for what fee. */
export function SendConfirm({
  prepared,
  receiver,
  network,
  amount,
  onEdit,
  onSend,
}: {
  prepared: PreparedSend
  receiver: Receiver
  network: Network
  amount: string
  onEdit(): void
  onSend(): void
}) {
  const t = useStrings()
  const format = useFormat()
  return (
    <div className="section" data-testid="send-confirm">
      <h3 className="send-heading">{t('sendConfirmTitle')}</h3>
      <dl className="kv">
        <dt>{t('sendAmount')}</dt>
        <dd data-testid="send-confirm-amount">{amount}</dd>
        <dt>{t('transactionTo')}</dt>
        <dd data-testid="send-confirm-to">
          {receiver.kind === 'resolved' && receiver.address === prepared.to ? (
            <>
              <span className="send-name">{receiver.name}</span> {prepared.to}
            </>
          ) : (
            prepared.to
          )}
        </dd>
        <dt>{t('sendNetwork')}</dt>
        <dd>{network.name}</dd>
        <dt>{t('sendFee')}</dt>
        <dd className="send-fee-text" data-testid="send-confirm-fee">
          {prepared.fee
            ? feeAmountText(prepared.fee, t, format)
            : t('sendFeeUnavailable', { reason: feeErrorText(prepared.feeError) })}
        </dd>
      </dl>
      <SponsoredNote prepared={prepared} />
      <div className="actions">
        <button type="button" className="button" data-variant="secondary" onClick={onEdit}>
          {t('sendEdit')}
        </button>
        <button
          type="button"
          className="button"
          data-variant="primary"
          onClick={onSend}
          data-testid="send-confirm-button"
        >
          {t('sendConfirm')}
        </button>
      </div>
    </div>
  )
}

/** While the wallet decides. */
export function SendSending({ address }: { address: string | undefined }) {
  const t = useStrings()
  return (
    <div className="center" aria-live="polite" aria-busy="true" data-testid="send-sending">
      <span className="ring" data-status="pending">
        <Avatar address={address} />
      </span>
      <p>{t('sendSending')}</p>
    </div>
  )
}

/** Sent: the hash (copyable), the explorer link, Done. "Copied" only once the clipboard took it. */
export function SendSent({
  hash,
  amount,
  to,
  url,
  outcome,
  status,
  onDone,
}: {
  hash: string
  amount: string
  to: string
  url: string | undefined
  /** Where the transfer stands on the chain (`SendOutcome`), under the hash. */
  outcome?: ReactNode
  /** The followed send's status: a failed or dropped one is not shown as sent. */
  status?: 'pending' | 'confirmed' | 'failed' | 'dropped' | undefined
  onDone(): void
}) {
  const t = useStrings()
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle')
  useEffect(() => {
    if (copied === 'idle') return
    const timer = setTimeout(() => setCopied('idle'), copied === 'copied' ? 1500 : 4000)
    return () => clearTimeout(timer)
  }, [copied])
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('the clipboard is not available on this page')
      await navigator.clipboard.writeText(hash)
      setCopied('copied')
    } catch {
      // Said on the button itself.
      setCopied('failed')
    }
  }
  const copyLabel =
    copied === 'copied' ? t('copied') : copied === 'failed' ? t('sendCopyHashFailed') : t('sendCopyHash')
  return (
    <div className="center" aria-live="polite" data-testid="send-sent">
      {/* A failed or dropped transfer never wears the check mark of a sent one. */}
      {status === 'failed' || status === 'dropped' ? (
        <span className="ring" data-status="error">
          <CloseIcon />
        </span>
      ) : (
        <span className="ring" data-status="done">
          <CheckIcon />
        </span>
      )}
      <h3 data-testid="send-sent-title">
        {status === 'failed'
          ? t('sendOutcomeFailed')
          : status === 'dropped'
            ? t('activityDropped')
            : t('sendSent')}
      </h3>
      {/* "Shows as pending in Activity" is true only while it waits. */}
      <p>
        {t(status === undefined || status === 'pending' ? 'sendSentDetail' : 'sendSettledDetail', {
          amount,
          address: shortenAddress(to),
        })}
      </p>
      <dl className="kv">
        <dt>{t('sendHash')}</dt>
        <dd data-testid="send-hash" title={hash}>
          {shortenAddress(hash)}
        </dd>
      </dl>
      {outcome}
      <div className="chip-row">
        <button type="button" className="chip" onClick={copy} aria-label={copyLabel}>
          {copied === 'copied' ? <CheckIcon /> : <CopyIcon />}
          <span role="status">{copyLabel}</span>
        </button>
        {url ? (
          <a
            className="chip"
            href={url}
            target="_blank"
            rel="noreferrer noopener"
            data-testid="send-explorer"
          >
            <ExternalIcon />
            {t('viewOnExplorer')}
          </a>
        ) : null}
      </div>
      <div className="actions">
        <button type="button" className="button" data-variant="primary" onClick={onDone}>
          {t('done')}
        </button>
      </div>
    </div>
  )
}

/** Failed (or declined): the reason, Try again (same transfer) or Edit (back to the form, nothing lost). */
export function SendFailed({
  error,
  network,
  address,
  onRetry,
  onEdit,
}: {
  error: unknown
  network: string
  address: string | undefined
  onRetry(): void
  onEdit(): void
}) {
  const t = useStrings()
  const declined = (error as { code?: unknown } | undefined)?.code === 4001
  return (
    <div className="center" aria-live="polite" data-testid="send-failed">
      <span className="ring" data-status="error">
        <Avatar address={address} />
      </span>
      <h3>{declined ? t('transactionDeclined') : t('sendFailed')}</h3>
      <p className="error-text" role="alert" data-testid="send-error">
        {sendErrorText(error, t, network)}
      </p>
      <div className="actions">
        <button type="button" className="button" data-variant="secondary" onClick={onEdit}>
          {t('sendEdit')}
        </button>
        <button type="button" className="button" data-variant="primary" onClick={onRetry}>
          {t('tryAgain')}
        </button>
      </div>
    </div>
  )
}
