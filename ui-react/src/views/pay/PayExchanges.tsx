import type { PaymentSession } from '@portico/core'
import { usePortico } from '../../context/index.js'
import { useCatalogue } from '../../i18n/index.js'
import { ExternalIcon } from '../../modal/icons.js'
import { payStrings } from './strings.js'

/**
 * "Pay from an exchange": the providers the site configured that can take
 * this payment (none by default). A provider's page opens only when the
 * visitor follows the link (core checked its host); a transaction an
 * exchange sent is followed like the wallet's.
 */
export function PayExchanges({ payment }: { payment: PaymentSession }) {
  const portico = usePortico()
  const t = useCatalogue(payStrings)
  const providers = portico.payment.exchanges()
  if (providers.length === 0) return null
  return (
    <div className="section" data-testid="pay-exchanges">
      <p className="row-sub">{t('orExchange')}</p>
      <div className="chip-row">
        {providers.map((p) => (
          <button
            key={p.id}
            type="button"
            className="chip"
            data-exchange-id={p.id}
            onClick={() => void portico.payment.payWithExchange(p.id)}
          >
            {t('payFrom', { name: p.name })}
          </button>
        ))}
      </div>
      {payment.exchange ? (
        <div className="alert" data-severity="info" role="note" data-testid="pay-exchange-open">
          <div>
            <p>{t('exchangeNote', { name: payment.exchange.name })}</p>
            <a className="chip" href={payment.exchange.url} target="_blank" rel="noreferrer noopener">
              <ExternalIcon />
              {t('openExchange', { name: payment.exchange.name })}
            </a>
          </div>
        </div>
      ) : null}
    </div>
  )
}
