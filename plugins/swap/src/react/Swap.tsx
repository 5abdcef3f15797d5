import { useCatalogue, useViewTitle } from '@portico/react'
import { type ReactNode, useEffect, useId, useState } from 'react'
import { fromUnits, isValidSlippage, toUnits } from '../controller/index.js'
import { TokenIcon, useAmounts, useSwap } from './shared.js'
import { swapStrings } from './strings.js'

/** How long the amount must stay unchanged before a quote is asked for. */
const QUOTE_DEBOUNCE_MS = 300

/** Swap: pay / receive, balances, Max, flip, slippage, then Review. */
export default function SwapView() {
  const { portico, controller, state } = useSwap()
  const ids = useId()
  const t = useCatalogue(swapStrings)
  const amounts = useAmounts()
  const [slippageText, setSlippageText] = useState(String(state.slippage))
  useViewTitle(t('title'))

  // Fresh tokens and balances each time the view opens (not again while it stays open).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on mount only
  useEffect(() => {
    if (state.step === 'form') void controller.load()
  }, [controller])

  // A new quote whenever the amount, a token or the token list changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: these inputs are what the controller quotes
  useEffect(() => {
    const timer = setTimeout(() => void controller.fetchQuote(), QUOTE_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [controller, state.amount, state.from?.address, state.to?.address, state.status])

  if (state.status === 'idle' || state.status === 'loading') {
    return (
      <p className="empty" role="status">
        {t('loadingTokens')}
      </p>
    )
  }
  if (state.status === 'unsupported') {
    return (
      <p className="empty" role="alert" data-testid="swap-unsupported">
        {state.message}
      </p>
    )
  }
  if (state.status === 'error') {
    return (
      <div className="center">
        <p className="error-text" role="alert">
          {state.message}
        </p>
        <div className="actions">
          <button
            type="button"
            className="button"
            data-variant="primary"
            onClick={() => void controller.load()}
          >
            {t('tryAgain')}
          </button>
        </div>
      </div>
    )
  }

  const { from, to, quote } = state
  const units = from ? toUnits(state.amount, from.decimals) : undefined
  const invalidAmount = state.amount.trim() !== '' && units === undefined
  const insufficient = units !== undefined && from?.balance !== undefined && units > from.balance
  const slippageValid = isValidSlippage(Number(slippageText))
  const canReview = Boolean(quote && !insufficient && state.quoteStatus === 'ready' && slippageValid)
  const max = controller.maxAmount()

  return (
    <div data-testid="swap-form">
      <div className="section">
        <label className="group-label" htmlFor={`${ids}-pay`}>
          {t('youPay')}
        </label>
        <div className="row" data-testid="swap-from">
          <input
            id={`${ids}-pay`}
            className="search"
            inputMode="decimal"
            autoComplete="off"
            placeholder={amounts.toInput('0.0')}
            value={amounts.toInput(state.amount)}
            aria-invalid={invalidAmount || insufficient}
            aria-describedby={`${ids}-pay-note`}
            onChange={(e) => controller.setAmount(amounts.fromInput(e.target.value))}
          />
          <button
            type="button"
            className="chip"
            onClick={() => portico.router.push('SwapSelectToken', { side: 'from' })}
          >
            <TokenIcon token={from} />
            <SpokenAround text={t('changePayToken', { symbol: SLOT })}>
              {from?.symbol ?? t('select')}
            </SpokenAround>
          </button>
        </div>
        <p className="row-sub" id={`${ids}-pay-note`}>
          {from?.balance !== undefined
            ? t('balance', { amount: amounts.token(from.balance, from) })
            : t('balanceUnknown')}
          {max !== undefined && max !== '0' ? (
            <>
              {' '}
              <button type="button" className="chip" onClick={() => controller.setAmount(max)}>
                {t('max')}
              </button>
            </>
          ) : null}
        </p>
        {invalidAmount ? <p className="error-text">{t('invalidAmount')}</p> : null}
        {insufficient ? (
          <p className="error-text">{t('insufficient', { symbol: from?.symbol ?? '' })}</p>
        ) : null}
      </div>
      <button type="button" className="chip" aria-label={t('flip')} onClick={() => controller.flip()}>
        ⇅
      </button>
      <div className="section">
        <span className="group-label" id={`${ids}-get`}>
          {t('youReceive')}
        </span>
        <div className="row" data-testid="swap-to">
          <output className="row-label" aria-labelledby={`${ids}-get`} data-testid="swap-to-amount">
            {state.quoteStatus === 'loading'
              ? t('fetchingQuote')
              : quote && to
                ? amounts.amount(fromUnits(quote.toUnits, to.decimals))
                : '0.0'}
          </output>
          <button
            type="button"
            className="chip"
            onClick={() => portico.router.push('SwapSelectToken', { side: 'to' })}
          >
            <TokenIcon token={to} />
            <SpokenAround text={t('changeReceiveToken', { symbol: SLOT })}>
              {to?.symbol ?? t('select')}
            </SpokenAround>
          </button>
        </div>
        {to?.balance !== undefined ? (
          <p className="row-sub">{t('balance', { amount: amounts.token(to.balance, to) })}</p>
        ) : null}
        {state.quoteStatus === 'error' ? (
          <p className="error-text" role="alert">
            {state.quoteError}{' '}
            <button type="button" className="chip" onClick={() => void controller.fetchQuote()}>
              {t('retry')}
            </button>
          </p>
        ) : null}
      </div>
      <div className="section">
        <label className="group-label" htmlFor={`${ids}-slippage`}>
          {t('slippageLabel')}
        </label>
        <input
          id={`${ids}-slippage`}
          className="search"
          inputMode="decimal"
          value={slippageText}
          aria-invalid={!slippageValid}
          onChange={(e) => {
            setSlippageText(e.target.value)
            controller.setSlippage(Number(e.target.value))
          }}
        />
        {!slippageValid ? <p className="error-text">{t('slippageInvalid')}</p> : null}
      </div>
      <div className="actions">
        <button
          type="button"
          className="button"
          data-variant="primary"
          disabled={!canReview}
          onClick={() => portico.router.push('SwapPreview')}
        >
          {insufficient ? t('insufficient', { symbol: from?.symbol ?? '' }) : t('review')}
        </button>
      </div>
    </div>
  )
}

/** Stands for the symbol in a translated "Pay with {symbol}, change": the text is split around it. */
const SLOT = '\u0000'

/**
 * The visible symbol inside its translated sentence, the rest of which only a
 * screen reader hears: the button's name is the whole sentence and still
 * contains what is seen (axe's label-content-name-mismatch; an aria-label
 * would hide the visible text from the name).
 */
function SpokenAround({ text, children }: { text: string; children: ReactNode }) {
  const [before = '', after = ''] = text.split(SLOT)
  return (
    <>
      {before ? <span className="visually-hidden">{before}</span> : null}
      {children}
      {after ? <span className="visually-hidden">{after}</span> : null}
    </>
  )
}
