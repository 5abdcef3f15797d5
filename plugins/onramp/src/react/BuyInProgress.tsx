import { explorerUrl } from '@portico/core'
import { TransactionOutcomeNotice, useCatalogue, useNetwork, useViewTitle } from '@portico/react'
import { useEffect } from 'react'
import { useOnramp } from './shared.js'
import { onrampStrings } from './strings.js'

/** Follows the buy: waiting for the checkout, then success (amount, transaction) or failure (reason, Try again). */
export default function BuyInProgressView() {
  const { portico, controller, state } = useOnramp()
  const t = useCatalogue(onrampStrings)
  const order = state.order
  const { network } = useNetwork()
  // The provider said it delivered, but the chain did not carry the delivery out.
  const undelivered = order?.receive?.status === 'failed' || order?.receive?.status === 'dropped'
  const retry = () => {
    controller.store.set({ order: undefined })
    portico.router.replace('OnRampProviders')
  }
  useViewTitle(
    undelivered
      ? t('receiveFailed')
      : order?.status === 'completed'
        ? t('purchaseComplete')
        : order?.status === 'failed'
          ? t('purchaseFailed')
          : t('inProgress'),
  )

  useEffect(() => {
    controller.resume()
    return () => controller.stop()
  }, [controller])

  if (!order) {
    return (
      <div className="center" aria-live="polite" data-status={state.error ? 'error' : 'opening'}>
        {state.error ? (
          <>
            <h3>{t('startFailed')}</h3>
            <p className="error-text" role="alert">
              {state.error}
            </p>
            <div className="actions">
              <button
                type="button"
                className="button"
                data-variant="primary"
                onClick={() => portico.router.goBack()}
              >
                {t('back')}
              </button>
            </div>
          </>
        ) : (
          <>
            <span className="ring" data-status="pending" aria-hidden="true" />
            <h3>{t('opening')}</h3>
          </>
        )}
      </div>
    )
  }

  const amount = `${order.purchaseAmount ?? ''} ${order.purchaseCurrency ?? ''}`.trim()
  return (
    <div className="center" aria-live="polite" data-status={order.status} data-testid="onramp-order">
      {order.status === 'completed' ? (
        <>
          <h3 data-testid="onramp-receive-title">
            {undelivered ? t('receiveFailed') : t('purchaseComplete')}
          </h3>
          {/* "Arrived" only once the chain carried the delivery out (or nothing follows it). */}
          {!order.receive || order.receive.status === 'succeeded' ? <p>{t('arrived', { amount })}</p> : null}
          {order.txHash ? (
            <dl className="kv">
              <dt>{t('transaction')}</dt>
              <dd>{order.txHash}</dd>
            </dl>
          ) : null}
          {order.receive || order.receiveError ? (
            <TransactionOutcomeNotice
              outcome={order.receive}
              followError={order.receiveError}
              url={network && order.txHash ? explorerUrl(network, 'transaction', order.txHash) : undefined}
              onRetry={undelivered ? retry : undefined}
              testId="onramp-receive"
            />
          ) : null}
          <div className="actions">
            <button
              type="button"
              className="button"
              data-variant={undelivered ? 'secondary' : 'primary'}
              onClick={() => portico.router.reset('Account')}
            >
              {undelivered ? t('close') : t('done')}
            </button>
          </div>
        </>
      ) : order.status === 'failed' ? (
        <>
          <h3>{t('purchaseFailed')}</h3>
          <p className="error-text" role="alert">
            {order.failureReason ?? t('providerFailed')}
          </p>
          <div className="actions">
            <button
              type="button"
              className="button"
              data-variant="secondary"
              onClick={() => portico.router.reset('Account')}
            >
              {t('close')}
            </button>
            <button type="button" className="button" data-variant="primary" onClick={retry}>
              {t('tryAgain')}
            </button>
          </div>
        </>
      ) : (
        <>
          <span className="ring" data-status="pending" aria-hidden="true" />
          <h3>{t('inProgress')}</h3>
          <p>{order.blocked ? t('blocked') : t('finishPaying', { amount: amount || t('yourCrypto') })}</p>
          <a
            className="button"
            data-variant={order.blocked ? 'primary' : 'secondary'}
            href={order.url}
            target="_blank"
            rel="noopener noreferrer"
          >
            {order.blocked ? t('openCheckout') : t('reopenCheckout')}
          </a>
          {order.pollError ? (
            <p className="error-text" role="status">
              {t('pollError', { error: order.pollError })}
            </p>
          ) : null}
        </>
      )}
    </div>
  )
}
