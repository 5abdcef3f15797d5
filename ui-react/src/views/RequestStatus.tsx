import type { ReactNode } from 'react'
import { usePortico } from '../context/index.js'
import { errorText } from '../format/index.js'
import { useStrings } from '../i18n/index.js'
import type { HostRequest } from '../requests/index.js'
import { Avatar } from './identity.js'

/** Shared body of SignMessage / ApproveTransaction: pending, declined (Try again), failed, done. */
export function RequestStatus({
  request,
  pending,
  waiting,
  declined,
  failed,
  address,
  children,
}: {
  request: HostRequest | undefined
  pending: string
  waiting: string
  declined: string
  failed: string
  address: string | undefined
  children: ReactNode
}) {
  const portico = usePortico()
  const t = useStrings()
  const status = request?.status ?? 'pending'
  // A sent transaction is followed on chain: "done" only once it succeeded.
  const outcome = request?.outcome?.status
  const chainFailed = outcome === 'failed' || outcome === 'dropped'
  const following = status === 'success' && request?.hash !== undefined && !chainFailed
  // No wallet to ask: say so in the visitor's words and offer to connect, not "Try again".
  const notConnected =
    status === 'error' && (request?.error as { code?: unknown } | undefined)?.code === 'WALLET_NOT_CONNECTED'
  return (
    <div className="center" aria-live="polite" data-status={status}>
      <span
        className="ring"
        data-status={
          status === 'pending' || following
            ? 'pending'
            : chainFailed
              ? 'error'
              : status === 'success'
                ? 'done'
                : 'error'
        }
      >
        <Avatar address={address} />
      </span>
      <h3>
        {notConnected
          ? t('walletNotConnected')
          : status === 'rejected'
            ? declined
            : status === 'error' || chainFailed
              ? failed
              : following
                ? t('sendSent')
                : status === 'success'
                  ? t('done')
                  : pending}
      </h3>
      {status === 'pending' ? <p>{waiting}</p> : null}
      {notConnected ? (
        <p className="error-text">{t('walletNotConnectedHint')}</p>
      ) : status === 'error' ? (
        <p className="error-text">{errorText(request?.error) ?? t('somethingWentWrong')}</p>
      ) : null}
      {children}
      <div className="actions">
        <button
          type="button"
          className="button"
          data-variant="secondary"
          onClick={() => (request ? request.cancel() : portico.close())}
        >
          {t('cancel')}
        </button>
        {notConnected ? (
          <button
            type="button"
            className="button"
            data-variant="primary"
            onClick={() => portico.router.push('Connect')}
          >
            {t('connectWallet')}
          </button>
        ) : status === 'rejected' || status === 'error' ? (
          <button type="button" className="button" data-variant="primary" onClick={() => request?.retry()}>
            {t('tryAgain')}
          </button>
        ) : null}
      </div>
    </div>
  )
}
