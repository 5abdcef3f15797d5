import type { PaymentSession } from '@portico/core'
import { useState } from 'react'
import { usePortico } from '../../context/index.js'
import { usePorticoState } from '../../hooks/index.js'
import { useCatalogue, useStrings } from '../../i18n/index.js'
import { useViewTitle } from '../../modal/title.js'
import { PayExchanges } from './PayExchanges.js'
import { PayOutcome, PayProblem, payAmount } from './PayParts.js'
import { payStrings } from './strings.js'

/**
 * Pay (issue 34): the payment a site asked for with `portico.pay` — by whom
 * (the page's origin, which the browser vouches for, and the name the site
 * gives itself), how much of what, to whom, on which network — paid from the
 * connected wallet of that network's namespace. Offers to connect one first
 * or to switch network; follows the transaction to the chain's outcome.
 * Everything shown comes from `state.payment` (core), rendered as text.
 */
export default function PayView() {
  const portico = usePortico()
  const t = useCatalogue(payStrings)
  const payment = usePorticoState((s) => s.payment)
  useViewTitle(t('title'))
  if (!payment) return <p className="empty">{t('none')}</p>
  return (
    <div className="section" data-testid="pay" data-status={payment.status}>
      <PayRequest payment={payment} />
      <PayBody payment={payment} onCancel={() => portico.payment.cancel()} />
    </div>
  )
}

function PayRequest({ payment }: { payment: PaymentSession }) {
  const t = useCatalogue(payStrings)
  const from = usePorticoState((s) => s.accounts[payment.namespace])
  const connected = from?.status === 'connected' && from.address
  return (
    <>
      <p className="row-sub" data-testid="pay-requester">
        {t('requestedBy')} <strong>{payment.requester.name ?? t('unnamedSite')}</strong>
        {payment.requester.origin ? (
          <>
            {' · '}
            <span className="mono" dir="ltr" data-testid="pay-origin">
              {payment.requester.origin}
            </span>
          </>
        ) : null}
      </p>
      <h3 className="send-heading" data-testid="pay-amount">
        {payAmount(payment)}
      </h3>
      <dl className="kv">
        <dt>{t('to')}</dt>
        <dd className="mono" dir="ltr" data-testid="pay-recipient">
          {payment.request.recipient}
        </dd>
        <dt>{t('network')}</dt>
        <dd data-testid="pay-network">{payment.networkName}</dd>
        {payment.request.reference !== undefined ? (
          <>
            <dt>{t('reference')}</dt>
            <dd data-testid="pay-reference">{payment.request.reference}</dd>
          </>
        ) : null}
        <dt>{t('from')}</dt>
        <dd className={connected ? 'mono' : undefined} dir="ltr" data-testid="pay-from">
          {connected ? from.address : t('noWallet')}
        </dd>
      </dl>
    </>
  )
}

function PayBody({ payment, onCancel }: { payment: PaymentSession; onCancel(): void }) {
  const portico = usePortico()
  const t = useCatalogue(payStrings)
  const ts = useStrings()
  const account = usePorticoState((s) => s.accounts[payment.namespace])
  const current = usePorticoState((s) => {
    const id = s.networks.active[payment.namespace]
    return id ? (s.networks.all.find((n) => n.caipNetworkId === id)?.name ?? id) : undefined
  })
  const onNetwork = usePorticoState((s) => s.networks.active[payment.namespace] === payment.request.network)
  const [switching, setSwitching] = useState<'idle' | 'busy' | { error: string }>('idle')
  const connected = account?.status === 'connected' && Boolean(account.address)

  switch (payment.status) {
    case 'checking':
    case 'sending':
      return (
        <p className="row-sub" role="status" aria-busy="true" data-testid="pay-progress">
          {payment.status === 'checking' ? t('checking') : t('sending')}
        </p>
      )
    case 'following':
    case 'succeeded':
      return <PayOutcome payment={payment} onDone={() => portico.close()} />
  }

  const onSwitch = async () => {
    setSwitching('busy')
    try {
      await portico.switchNetwork(payment.request.network)
      setSwitching('idle')
    } catch (error) {
      setSwitching({ error: error instanceof Error ? error.message : String(error) })
    }
  }
  const wrongNetwork = connected && !onNetwork
  return (
    <>
      {payment.error && !(payment.error.code === 'WALLET_NOT_CONNECTED' && !connected) ? (
        <PayProblem payment={payment} />
      ) : null}
      {!connected ? <p className="note">{t('connectToPay', { network: payment.networkName })}</p> : null}
      {wrongNetwork && payment.error?.code !== 'PAYMENT_WRONG_NETWORK' ? (
        <div className="alert" data-severity="warning" role="note" data-testid="pay-wrong-network">
          <div>
            {t('wrongNetwork', { current: current ?? t('unknownNetwork'), network: payment.networkName })}
          </div>
        </div>
      ) : null}
      {typeof switching === 'object' ? (
        <p className="error-text" role="alert" data-testid="pay-switch-error">
          {t('switchFailed', { reason: switching.error })}
        </p>
      ) : null}
      <PayExchanges payment={payment} />
      <div className="actions">
        <button
          type="button"
          className="button"
          data-variant="secondary"
          onClick={onCancel}
          data-testid="pay-cancel"
        >
          {t('cancel')}
        </button>
        {!connected ? (
          <button
            type="button"
            className="button"
            data-variant="primary"
            data-testid="pay-connect"
            onClick={() => portico.router.push('Connect')}
          >
            {t('connect')}
          </button>
        ) : wrongNetwork ? (
          <button
            type="button"
            className="button"
            data-variant="primary"
            data-testid="pay-switch"
            disabled={switching === 'busy'}
            onClick={() => void onSwitch()}
          >
            {switching === 'busy' ? t('switching') : t('switchTo', { network: payment.networkName })}
          </button>
        ) : (
          <button
            type="button"
            className="button"
            data-variant="primary"
            data-testid="pay-confirm"
            onClick={() => void portico.payment.confirm()}
          >
            {payment.status === 'failed' ? ts('tryAgain') : t('payButton', { amount: payAmount(payment) })}
          </button>
        )}
      </div>
    </>
  )
}
