import { useViewTitle } from '@portico/react'
import { useEffect } from 'react'
import { useOnramp } from './shared.js'

/** Follows the buy: waiting for the checkout, then success (amount, transaction) or failure (reason, Try again). */
export default function BuyInProgressView() {
  const { portico, controller, state } = useOnramp()
  const order = state.order
  useViewTitle(
    order?.status === 'completed'
      ? 'Purchase complete'
      : order?.status === 'failed'
        ? 'Purchase failed'
        : 'Buy in progress',
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
            <h3>Could not start the buy</h3>
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
                Back
              </button>
            </div>
          </>
        ) : (
          <>
            <span className="ring" data-status="pending" aria-hidden="true" />
            <h3>Opening the checkout…</h3>
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
          <h3>Purchase complete</h3>
          <p>{amount} arrived in your wallet.</p>
          {order.txHash ? (
            <dl className="kv">
              <dt>Transaction</dt>
              <dd>{order.txHash}</dd>
            </dl>
          ) : null}
          <div className="actions">
            <button
              type="button"
              className="button"
              data-variant="primary"
              onClick={() => portico.router.reset('Account')}
            >
              Done
            </button>
          </div>
        </>
      ) : order.status === 'failed' ? (
        <>
          <h3>Purchase failed</h3>
          <p className="error-text" role="alert">
            {order.failureReason ?? 'The provider did not complete the payment'}
          </p>
          <div className="actions">
            <button
              type="button"
              className="button"
              data-variant="secondary"
              onClick={() => portico.router.reset('Account')}
            >
              Close
            </button>
            <button
              type="button"
              className="button"
              data-variant="primary"
              onClick={() => {
                controller.store.set({ order: undefined })
                portico.router.replace('OnRampProviders')
              }}
            >
              Try again
            </button>
          </div>
        </>
      ) : (
        <>
          <span className="ring" data-status="pending" aria-hidden="true" />
          <h3>Buy in progress</h3>
          <p>
            {order.blocked
              ? 'Your browser blocked the checkout window. Open it to pay:'
              : `Finish paying for ${amount || 'your crypto'} in the checkout window. This page follows the order by itself.`}
          </p>
          <a
            className="button"
            data-variant={order.blocked ? 'primary' : 'secondary'}
            href={order.url}
            target="_blank"
            rel="noopener noreferrer"
          >
            {order.blocked ? 'Open checkout' : 'Reopen checkout'}
          </a>
          {order.pollError ? (
            <p className="error-text" role="status">
              Could not check the order ({order.pollError}); retrying.
            </p>
          ) : null}
        </>
      )}
    </div>
  )
}
