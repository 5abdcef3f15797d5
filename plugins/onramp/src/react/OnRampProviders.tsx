import { type TranslateOf, useCatalogue, usePorticoState, useViewTitle } from '@portico/react'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { buyTarget } from '../controller/index.js'
import { methodLimits } from '../limits/index.js'
import { type OnrampProviderState, paymentId, purchaseSymbol } from '../state/index.js'
import { openCheckoutWindow, useOnramp } from './shared.js'
import { onrampStrings } from './strings.js'

type Translate = TranslateOf<keyof typeof onrampStrings.en>

const METHODS = [
  { id: 'card', label: 'methodCard' },
  { id: 'ach_bank_account', label: 'methodAch' },
] as const

/** Pick the currency, payment method and amount (SPEC §5 limits checked first), then a provider by its quote. */
export default function OnRampProvidersView() {
  const { portico, controller, state } = useOnramp()
  const target = usePorticoState((s) => buyTarget(s))
  const ids = useId()
  const [amountError, setAmountError] = useState<string | undefined>(undefined)
  const t = useCatalogue(onrampStrings)
  useViewTitle(t('title'))

  useEffect(() => {
    if (!controller.store.getState().options && !controller.store.getState().optionsLoading) {
      void controller.loadOptions()
    }
  }, [controller])

  if (!target) {
    return (
      <div className="center">
        <p>{t('connectFirst')}</p>
      </div>
    )
  }

  const fiat = paymentId(state.paymentCurrency)
  const currency = typeof state.paymentCurrency === 'string' ? undefined : state.paymentCurrency
  const limits = methodLimits(currency, state.paymentMethod)
  const symbol = purchaseSymbol(state.purchaseCurrency)
  const purchaseList = state.options?.purchaseCurrencies ?? []

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const problem = controller.check()
    setAmountError(problem?.message)
    if (!problem) void controller.fetchQuotes()
  }

  const buy = (p: OnrampProviderState) => {
    const win = openCheckoutWindow()
    portico.router.push('BuyInProgress')
    void controller.buy(p.id, win)
  }

  return (
    <form className="section" onSubmit={submit} noValidate aria-busy={state.optionsLoading}>
      {state.optionsFallback ? (
        <div className="note" role="status" data-testid="onramp-options-fallback">
          {t('optionsFallback')}{' '}
          <button type="button" className="chip" onClick={() => void controller.loadOptions()}>
            {t('tryAgain')}
          </button>
        </div>
      ) : null}
      <label className="group-label" htmlFor={`${ids}-asset`}>
        {t('youBuy')}
      </label>
      <select
        id={`${ids}-asset`}
        className="search"
        value={symbol}
        onChange={(e) => controller.setPurchaseCurrency(e.target.value)}
        disabled={state.optionsLoading}
      >
        {(purchaseList.length ? purchaseList.map((c) => c.symbol) : [symbol]).map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      <label className="group-label" htmlFor={`${ids}-method`}>
        {t('payWith')}
      </label>
      <select
        id={`${ids}-method`}
        className="search"
        value={state.paymentMethod}
        onChange={(e) => controller.setPaymentMethod(e.target.value as 'card' | 'ach_bank_account')}
      >
        {METHODS.map((m) => (
          <option key={m.id} value={m.id}>
            {t(m.label)}
          </option>
        ))}
      </select>
      <label className="group-label" htmlFor={`${ids}-amount`}>
        {t('amount', { currency: fiat })}
      </label>
      <input
        id={`${ids}-amount`}
        className="search"
        inputMode="decimal"
        autoComplete="off"
        placeholder={limits ? `${limits.min} – ${limits.max}` : '50.00'}
        value={state.paymentAmount ?? ''}
        aria-invalid={amountError ? true : undefined}
        aria-describedby={`${ids}-amount-help`}
        onChange={(e) => {
          setAmountError(undefined)
          controller.setPaymentAmount(e.target.value)
        }}
      />
      <p
        id={`${ids}-amount-help`}
        className={amountError ? 'error-text' : 'row-sub'}
        role={amountError ? 'alert' : undefined}
      >
        {amountError ?? (limits ? t('between', { min: limits.min, max: limits.max, currency: fiat }) : '')}
      </p>
      <div className="actions">
        <button
          type="submit"
          className="button"
          data-variant="primary"
          disabled={state.quotesLoading || state.optionsLoading}
        >
          {state.quotesLoading ? t('gettingQuotes') : t('seeQuotes')}
        </button>
      </div>
      {state.error && !state.optionsFallback ? (
        <p className="error-text" role="alert">
          {state.error}
        </p>
      ) : null}
      <ProviderList
        providers={state.providers}
        loading={state.quotesLoading}
        quoted={state.providers.some((p) => p.quote || p.error)}
        symbol={symbol}
        onBuy={buy}
        onRetry={() => void controller.fetchQuotes()}
        t={t}
      />
    </form>
  )
}

function ProviderList({
  providers,
  loading,
  quoted,
  symbol,
  onBuy,
  onRetry,
  t,
}: {
  providers: OnrampProviderState[]
  loading: boolean
  quoted: boolean
  symbol: string
  onBuy: (p: OnrampProviderState) => void
  onRetry: () => void
  t: Translate
}) {
  if (loading) {
    return (
      <div aria-busy="true" aria-live="polite" className="list">
        <p className="row-sub">{t('gettingQuotes')}</p>
        {providers.map((p) => (
          <div key={p.id} className="skeleton-row" aria-hidden="true" />
        ))}
      </div>
    )
  }
  if (!quoted) return null
  return (
    <ul className="list" aria-label={t('providers')} data-testid="onramp-providers">
      {providers.map((p) => {
        const q = p.quote
        const fees = q ? (Number(q.coinbaseFee.amount) + Number(q.networkFee.amount)).toFixed(2) : undefined
        return (
          <li key={p.id}>
            {p.error ? (
              <div className="row" data-provider={p.id}>
                <span className="row-label">
                  {p.name}
                  <span className="row-sub error-text">{t('quoteFailed', { error: p.error })}</span>
                </span>
                <button type="button" className="chip" onClick={onRetry}>
                  {t('tryAgain')}
                </button>
              </div>
            ) : q ? (
              <button type="button" className="row" data-provider={p.id} onClick={() => onBuy(p)}>
                <span className="row-label">
                  {p.name}
                  <span className="row-sub">
                    {p.estimate
                      ? t('about', { amount: q.purchaseAmount.amount, symbol })
                      : t('youGet', {
                          amount: q.purchaseAmount.amount,
                          symbol: q.purchaseAmount.currency,
                          fees: fees ?? '',
                          currency: q.paymentTotal.currency,
                        })}
                  </span>
                </span>
                {p.estimate ? (
                  <span className="tag" data-tone="muted">
                    {t('estimate')}
                  </span>
                ) : null}
              </button>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
