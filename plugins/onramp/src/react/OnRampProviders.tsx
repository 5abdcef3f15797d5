import { usePorticoState, useViewTitle } from '@portico/react'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { buyTarget } from '../controller/index.js'
import { methodLimits } from '../limits/index.js'
import { type OnrampProviderState, paymentId, purchaseSymbol } from '../state/index.js'
import { openCheckoutWindow, useOnramp } from './shared.js'

const METHODS = [
  { id: 'card', label: 'Card' },
  { id: 'ach_bank_account', label: 'Bank transfer (ACH)' },
] as const

/** Pick the currency, payment method and amount (SPEC §5 limits checked first), then a provider by its quote. */
export default function OnRampProvidersView() {
  const { portico, controller, state } = useOnramp()
  const target = usePorticoState((s) => buyTarget(s))
  const ids = useId()
  const [amountError, setAmountError] = useState<string | undefined>(undefined)
  useViewTitle('Buy crypto')

  useEffect(() => {
    if (!controller.store.getState().options && !controller.store.getState().optionsLoading) {
      void controller.loadOptions()
    }
  }, [controller])

  if (!target) {
    return (
      <div className="center">
        <p>Connect a wallet to buy crypto.</p>
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
          The onramp service did not answer: these are the default currencies and limits.{' '}
          <button type="button" className="chip" onClick={() => void controller.loadOptions()}>
            Try again
          </button>
        </div>
      ) : null}
      <label className="group-label" htmlFor={`${ids}-asset`}>
        You buy
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
        Pay with
      </label>
      <select
        id={`${ids}-method`}
        className="search"
        value={state.paymentMethod}
        onChange={(e) => controller.setPaymentMethod(e.target.value as 'card' | 'ach_bank_account')}
      >
        {METHODS.map((m) => (
          <option key={m.id} value={m.id}>
            {m.label}
          </option>
        ))}
      </select>
      <label className="group-label" htmlFor={`${ids}-amount`}>
        Amount ({fiat})
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
        {amountError ?? (limits ? `Between ${limits.min} and ${limits.max} ${fiat}` : '')}
      </p>
      <div className="actions">
        <button
          type="submit"
          className="button"
          data-variant="primary"
          disabled={state.quotesLoading || state.optionsLoading}
        >
          {state.quotesLoading ? 'Getting quotes…' : 'See quotes'}
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
}: {
  providers: OnrampProviderState[]
  loading: boolean
  quoted: boolean
  symbol: string
  onBuy: (p: OnrampProviderState) => void
  onRetry: () => void
}) {
  if (loading) {
    return (
      <div aria-busy="true" aria-live="polite" className="list">
        <p className="row-sub">Getting quotes…</p>
        {providers.map((p) => (
          <div key={p.id} className="skeleton-row" aria-hidden="true" />
        ))}
      </div>
    )
  }
  if (!quoted) return null
  return (
    <ul className="list" aria-label="Providers" data-testid="onramp-providers">
      {providers.map((p) => {
        const q = p.quote
        const fees = q ? (Number(q.coinbaseFee.amount) + Number(q.networkFee.amount)).toFixed(2) : undefined
        return (
          <li key={p.id}>
            {p.error ? (
              <div className="row" data-provider={p.id}>
                <span className="row-label">
                  {p.name}
                  <span className="row-sub error-text">Quote failed: {p.error}</span>
                </span>
                <button type="button" className="chip" onClick={onRetry}>
                  Try again
                </button>
              </div>
            ) : q ? (
              <button type="button" className="row" data-provider={p.id} onClick={() => onBuy(p)}>
                <span className="row-label">
                  {p.name}
                  <span className="row-sub">
                    {p.estimate
                      ? `About ${q.purchaseAmount.amount} ${symbol} (estimate: the quote could not be loaded)`
                      : `You get ${q.purchaseAmount.amount} ${q.purchaseAmount.currency} · fees ${fees} ${q.paymentTotal.currency}`}
                  </span>
                </span>
                {p.estimate ? (
                  <span className="tag" data-tone="muted">
                    Estimate
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
