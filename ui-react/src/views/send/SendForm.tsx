import { type AccountReserve, formatUnits, type Network, type PreparedSend } from '@portico/core'
import { type FormEvent, useId, useRef } from 'react'
import { type Formatters, shortenAddress, useFormat } from '../../format/index.js'
import { useStrings } from '../../i18n/index.js'
import { feeAmountText, feeErrorText, reserveText, sendErrorText } from './messages.js'
import type { SendOption } from './tokens.js'
import type { Receiver } from './useReceiver.js'

/** The fee preview for what is typed: nothing yet, being priced, priced, or refused (the reason shown). */
export type Preview =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; prepared: PreparedSend }
  | { status: 'error'; error: unknown }

export interface SendFormProps {
  network: Network
  options: SendOption[]
  tokenKey: string
  amount: string
  to: string
  receiver: Receiver
  preview: Preview
  /** What the chain makes the account keep of the token (`portico.getSendReserve`), said beside Max. */
  reserve?: AccountReserve | undefined
  /** Why Review or Max was refused, shown as an alert. */
  problem: unknown
  maxLoading: boolean
  reviewing: boolean
  onToken(key: string): void
  onAmount(text: string): void
  onTo(text: string): void
  onMax(): void
  onReview(): void
}

/** Send's form: token picker with its balance, amount with Max, receiver (address or name), fee preview. */
export function SendForm(p: SendFormProps) {
  const t = useStrings()
  const format = useFormat()
  const ids = useId()
  const toInput = useRef<HTMLInputElement>(null)
  const token = p.options.find((o) => o.key === p.tokenKey)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    // A name that did not resolve is said once, under the field: Review takes the visitor there.
    if (p.receiver.kind === 'error') {
      toInput.current?.focus()
      return
    }
    p.onReview()
  }
  const networkName = p.network.name
  const receiverNote =
    p.receiver.kind === 'resolving' ? (
      <p className="row-sub" id={`${ids}-to-note`} role="status" data-testid="send-resolving">
        {t('sendResolving', { name: p.receiver.name })}
      </p>
    ) : p.receiver.kind === 'resolved' ? (
      <p className="row-sub send-resolved" id={`${ids}-to-note`} role="status" data-testid="send-resolved">
        {t('sendResolved', { name: p.receiver.name, address: p.receiver.address })}
      </p>
    ) : p.receiver.kind === 'error' ? (
      <p className="error-text" id={`${ids}-to-note`} role="alert" data-testid="send-name-error">
        {nameErrorText(p.receiver, t, networkName)}
      </p>
    ) : null
  const previewError =
    p.preview.status === 'error' ? sendErrorText(p.preview.error, t, networkName) : undefined
  const problem = p.problem !== undefined ? sendErrorText(p.problem, t, networkName) : previewError
  return (
    <form className="section send-form" onSubmit={submit} noValidate data-testid="send-form">
      <label className="group-label" htmlFor={`${ids}-token`}>
        {t('sendToken')}
      </label>
      <select
        id={`${ids}-token`}
        className="search"
        value={p.tokenKey}
        onChange={(e) => p.onToken(e.target.value)}
        data-testid="send-token"
      >
        {token ? null : <option value="">—</option>}
        {p.options.map((o) => (
          <option key={o.key} value={o.key}>
            {o.symbol === o.name ? o.symbol : `${o.symbol} · ${o.name}`}
          </option>
        ))}
      </select>
      {token?.value !== undefined ? (
        <p className="row-sub send-balance" data-testid="send-balance">
          {t('sendBalance', {
            amount: `${format.tokenAmount(formatUnits(token.value, token.decimals))} ${token.symbol}`,
          })}
        </p>
      ) : null}
      <label className="group-label" htmlFor={`${ids}-amount`}>
        {t('sendAmount')}
      </label>
      <div className="send-amount">
        <input
          id={`${ids}-amount`}
          className="search"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.0"
          value={p.amount}
          onChange={(e) => p.onAmount(e.target.value)}
          data-testid="send-amount"
        />
        <button
          type="button"
          className="chip"
          onClick={p.onMax}
          disabled={p.maxLoading || !token}
          aria-busy={p.maxLoading}
          aria-describedby={p.reserve ? `${ids}-max-hint ${ids}-reserve` : `${ids}-max-hint`}
          data-testid="send-max"
        >
          {t('sendMax')}
        </button>
        {/* Described, not renamed: the accessible name keeps the visible "Max" (WCAG 2.5.3). */}
        <span id={`${ids}-max-hint`} className="visually-hidden">
          {t('sendMaxLabel')}
        </span>
      </div>
      {p.reserve ? (
        <p
          className="row-sub send-reserve"
          id={`${ids}-reserve`}
          title={p.reserve.reason}
          data-testid="send-reserve"
        >
          {reserveText(p.reserve, t)}
        </p>
      ) : null}
      <label className="group-label" htmlFor={`${ids}-to`}>
        {t('sendReceiver')}
      </label>
      <input
        ref={toInput}
        id={`${ids}-to`}
        className="search mono"
        autoComplete="off"
        spellCheck={false}
        placeholder={t('sendReceiverPlaceholder')}
        value={p.to}
        onChange={(e) => p.onTo(e.target.value)}
        aria-describedby={receiverNote ? `${ids}-to-note` : undefined}
        data-testid="send-to"
      />
      {receiverNote}
      <dl className="kv send-fee" data-testid="send-fee" data-status={p.preview.status}>
        <dt>{t('sendFee')}</dt>
        <dd>
          {p.preview.status === 'loading'
            ? t('sendFeeEstimating')
            : p.preview.status === 'ready'
              ? feeText(p.preview.prepared, t, format)
              : '—'}
        </dd>
      </dl>
      {problem ? (
        <p className="error-text" role="alert" data-testid="send-problem">
          {problem}
        </p>
      ) : null}
      <div className="actions">
        <button
          type="submit"
          className="button"
          data-variant="primary"
          disabled={p.reviewing}
          aria-busy={p.reviewing}
          data-testid="send-review"
        >
          {t('sendReview')}
        </button>
      </div>
    </form>
  )
}

function feeText(prepared: PreparedSend, t: ReturnType<typeof useStrings>, format: Formatters): string {
  if (prepared.fee) return feeAmountText(prepared.fee, t, format)
  const reason = feeErrorText(prepared.feeError)
  return t('sendFeeUnavailable', { reason })
}

function nameErrorText(
  receiver: Extract<Receiver, { kind: 'error' }>,
  t: ReturnType<typeof useStrings>,
  network: string,
): string {
  const code = (receiver.error as { code?: unknown } | undefined)?.code
  if (code === 'INVALID_NAME' || code === 'NAME_NOT_FOUND' || code === 'NAME_RESOLUTION_UNAVAILABLE')
    return sendErrorText(receiver.error, t, network)
  return t('sendNameLookupFailed', {
    name: receiver.name,
    reason: sendErrorText(receiver.error, t, network),
  })
}

/** The receiver as the confirm step shows it: `name (0x12…ab)` for a name, else the address. */
export function receiverLabel(receiver: Receiver, address: string): string {
  return receiver.kind === 'resolved' ? `${receiver.name} (${shortenAddress(address)})` : address
}
