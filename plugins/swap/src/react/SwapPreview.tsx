import { explorerUrl } from '@portico/core'
import { TransactionOutcomeNotice, useCatalogue, useNetwork, useViewTitle } from '@portico/react'
import { useEffect, useState } from 'react'
import { fromUnits, isNativeToken, priceImpact, type SwapState } from '../controller/index.js'
import { TokenIcon, useAmounts, useSwap } from './shared.js'
import { swapStrings } from './strings.js'

type Prices = { status: 'loading' | 'ready' | 'error'; byAddress: Record<string, number> }

/** SwapPreview: rate, price impact, minimum received, network fee; approve then swap; progress, success, failure. */
export default function SwapPreviewView() {
  const { portico, controller, state } = useSwap()
  const { network } = useNetwork('eip155')
  const [prices, setPrices] = useState<Prices>({ status: 'loading', byAddress: {} })
  const [allowanceError, setAllowanceError] = useState<string | undefined>(undefined)
  const t = useCatalogue(swapStrings)
  const amounts = useAmounts()
  const { from, to, quote, step } = state
  // The title says which step failed, as the failure card does: a failed approval is not a failed swap.
  const failedTitle = state.failure?.txStep === 'approve' ? t('approveFailed') : t('failed')
  useViewTitle(step === 'success' ? t('complete') : step === 'failed' ? failedTitle : t('review'))

  // biome-ignore lint/correctness/useExhaustiveDependencies: the allowance is read again for another input token
  useEffect(() => {
    controller.checkAllowance().then(
      () => setAllowanceError(undefined),
      (e: unknown) => setAllowanceError(e instanceof Error ? e.message : String(e)),
    )
  }, [controller, from?.address])

  // Price impact and fiat fees come from the price endpoint (SPEC §7 /v1/fungible/price).
  // biome-ignore lint/correctness/useExhaustiveDependencies: prices are read again only for other tokens
  useEffect(() => {
    const addresses = [from?.address, to?.address, native(state)].filter((a): a is string => Boolean(a))
    let live = true
    controller.fetchPrices(addresses).then(
      (byAddress) => live && setPrices({ status: 'ready', byAddress }),
      () => live && setPrices({ status: 'error', byAddress: {} }),
    )
    return () => {
      live = false
    }
  }, [controller, from?.address, to?.address])

  if (!from || !to || !quote) {
    return (
      <div className="center">
        <p className="empty">{t('nothingToReview')}</p>
        <div className="actions">
          <button
            type="button"
            className="button"
            data-variant="secondary"
            onClick={() => portico.router.goBack()}
          >
            {t('back')}
          </button>
        </div>
      </div>
    )
  }

  if (step === 'approving' || step === 'swapping') return <InProgress state={state} />
  if (step === 'success') {
    const hash = state.txHash
    const explorer = network?.blockExplorers?.default.url
    return (
      <div className="center" data-testid="swap-success" aria-live="polite">
        <TokenIcon token={state.sent?.to} />
        <h3>
          {t('swapped', {
            from: amounts.token(state.sent?.fromUnits, state.sent?.from),
            to: amounts.token(state.sent?.toUnits, state.sent?.to),
          })}
        </h3>
        {hash && explorer ? (
          <a
            className="chip"
            href={`${explorer.replace(/\/$/, '')}/tx/${hash}`}
            target="_blank"
            rel="noreferrer noopener"
          >
            {t('viewOnExplorer')}
          </a>
        ) : hash ? (
          <p className="row-sub" title={hash}>
            {t('transaction', { hash: `${hash.slice(0, 10)}…${hash.slice(-8)}` })}
          </p>
        ) : null}
        <div className="actions">
          <button
            type="button"
            className="button"
            data-variant="primary"
            onClick={() => {
              controller.reset()
              portico.router.reset('Account')
            }}
          >
            {t('done')}
          </button>
        </div>
      </div>
    )
  }
  if (step === 'failed') {
    const failure = state.failure
    const failedHash = failure?.txStep === 'approve' ? state.approveHash : state.txHash
    return (
      <div className="center" data-testid="swap-failed" data-step={failure?.txStep}>
        <span className="ring" data-status="error">
          <TokenIcon token={from} />
        </span>
        <h3 data-testid="swap-failed-title">{failedTitle}</h3>
        {failure ? (
          // The chain's own outcome of the step that was sent: Failed with its reason, Dropped, or still pending.
          <TransactionOutcomeNotice
            outcome={failure.outcome}
            url={network && failedHash ? explorerUrl(network, 'transaction', failedHash) : undefined}
            testId="swap-outcome"
          />
        ) : (
          <p className="error-text" role="alert">
            {state.stepError}
          </p>
        )}
        <div className="actions">
          <button
            type="button"
            className="button"
            data-variant="secondary"
            onClick={() => {
              controller.reset(true)
              portico.router.goBack()
            }}
          >
            {t('back')}
          </button>
          <button
            type="button"
            className="button"
            data-variant="primary"
            onClick={async () => {
              controller.reset(true)
              await controller.fetchQuote()
              if (controller.getState().quote) await controller.execute()
            }}
          >
            {t('tryAgain')}
          </button>
        </div>
      </div>
    )
  }

  const fromAmount = Number(fromUnits(quote.fromUnits, from.decimals))
  const toAmount = Number(fromUnits(quote.toUnits, to.decimals))
  const impact = priceImpact(
    fromAmount,
    prices.byAddress[from.address],
    toAmount,
    prices.byAddress[to.address],
  )
  const networkFee = quote.fees.find((f) => f.kind === 'network')
  const nativeDecimals = network?.nativeCurrency.decimals ?? 18
  const feeNative = networkFee ? Number(fromUnits(BigInt(networkFee.amount), nativeDecimals)) : undefined
  const nativePrice = prices.byAddress[native(state) ?? '']
  const needsApproval = controller.needsApproval()
  return (
    <div data-testid="swap-preview">
      <dl className="kv">
        <dt>{t('youPay')}</dt>
        <dd data-testid="preview-pay">{amounts.token(quote.fromUnits, from)}</dd>
        <dt>{t('youReceive')}</dt>
        <dd data-testid="preview-receive">≈ {amounts.token(quote.toUnits, to)}</dd>
        <dt>{t('rate')}</dt>
        <dd>
          1 {from.symbol} = {amounts.amount(toAmount / fromAmount)} {to.symbol}
        </dd>
        <dt>{t('priceImpact')}</dt>
        <dd data-testid="preview-impact">
          {impact !== undefined
            ? amounts.percent(impact)
            : prices.status === 'loading'
              ? t('loading')
              : t('noPrice')}
        </dd>
        <dt>{t('minimumReceived', { slippage: state.slippage })}</dt>
        <dd data-testid="preview-minimum">{amounts.token(controller.minimumReceived(), to)}</dd>
        <dt>{t('networkFee')}</dt>
        <dd>
          {feeNative !== undefined
            ? `${amounts.amount(feeNative)} ${network?.nativeCurrency.symbol ?? ''}${
                nativePrice !== undefined ? ` (${amounts.usd(feeNative * nativePrice)})` : ''
              }`
            : t('unknown')}
        </dd>
      </dl>
      {allowanceError ? (
        <p className="error-text" role="alert">
          {t('allowanceError', { symbol: from.symbol, error: allowanceError })}
        </p>
      ) : null}
      {needsApproval ? (
        <p className="note">{t('approvalNote', { amount: amounts.token(quote.fromUnits, from) })}</p>
      ) : null}
      <div className="actions">
        <button
          type="button"
          className="button"
          data-variant="secondary"
          onClick={() => portico.router.goBack()}
        >
          {t('back')}
        </button>
        <button
          type="button"
          className="button"
          data-variant="primary"
          onClick={() => void controller.execute()}
        >
          {needsApproval ? t('approve', { symbol: from.symbol }) : t('swap')}
        </button>
      </div>
    </div>
  )
}

function InProgress({ state }: { state: SwapState }) {
  const t = useCatalogue(swapStrings)
  const approving = state.step === 'approving'
  const hash = approving ? state.approveHash : state.txHash
  return (
    <div className="center" data-testid="swap-in-progress" aria-live="polite" aria-busy="true">
      <span className="ring" data-status="pending">
        <TokenIcon token={approving ? state.from : state.to} />
      </span>
      <h3>
        {approving
          ? t('approving', { symbol: state.from?.symbol ?? '' })
          : t('swapping', { from: state.from?.symbol ?? '', to: state.to?.symbol ?? '' })}
      </h3>
      <p>{hash ? t('waitingNetwork') : t('confirmInWallet')}</p>
    </div>
  )
}

function native(state: SwapState): string | undefined {
  return state.tokens.find((t) => isNativeToken(t.address))?.address
}
