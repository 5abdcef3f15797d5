import { useCatalogue, usePorticoState, useViewTitle } from '@portico/react'
import { type FormEvent, useId } from 'react'
import type { NamesState } from '../controller/index.js'
import { useNames } from './shared.js'
import { namesStrings } from './strings.js'

/**
 * Search a name (SPEC §5 rule checked as you type), see whether it is free
 * and free alternatives, and register it with a signature from the
 * connected EVM wallet. Every state is shown: checking, free, taken, yours,
 * an error with Try again, an unsupported network, a refused registration.
 */
export default function RegisterAccountNameView() {
  const { portico, controller, state } = useNames()
  const connected = usePorticoState(
    (s) => s.accounts.eip155?.status === 'connected' && Boolean(s.accounts.eip155.address),
  )
  const ids = useId()
  const t = useCatalogue(namesStrings)
  useViewTitle(t('registerTitle'))

  if (!connected) {
    return (
      <div className="center" data-testid="names-connect-first">
        <p>{t('connectFirst')}</p>
      </div>
    )
  }

  const busy = state.registration.status === 'signing' || state.registration.status === 'submitting'
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const name = state.name
    if (busy || !name) return
    if (await controller.register()) portico.router.push('RegisterAccountNameSuccess', { name })
  }

  return (
    <form className="section" onSubmit={submit} noValidate data-testid="names-register">
      <label className="group-label" htmlFor={`${ids}-name`}>
        {t('searchLabel')}
      </label>
      <input
        id={`${ids}-name`}
        className="search"
        type="text"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={200}
        placeholder={t('searchPlaceholder')}
        value={state.query}
        aria-invalid={state.status === 'invalid' ? true : undefined}
        aria-describedby={`${ids}-status`}
        disabled={busy}
        onChange={(e) => controller.setQuery(e.target.value)}
      />
      <StatusLine id={`${ids}-status`} state={state} onRetry={() => void controller.retry()} />
      <Suggestions
        state={state}
        onPick={(name) => controller.setQuery(name)}
        onRetry={() => void controller.retry()}
      />
      <div className="actions">
        <button
          type="submit"
          className="button"
          data-variant="primary"
          disabled={state.status !== 'available' || busy}
          aria-busy={busy}
        >
          {state.registration.status === 'signing'
            ? t('signing')
            : state.registration.status === 'submitting'
              ? t('submitting')
              : state.status === 'available' && state.name
                ? t('register', { name: state.name })
                : t('registerNoName')}
        </button>
      </div>
      {state.registration.status === 'failed' ? (
        <p className="error-text" role="alert" data-testid="names-registration-error">
          {state.registration.error ? t(state.registration.error.key, state.registration.error.fields) : null}
        </p>
      ) : null}
    </form>
  )
}

function StatusLine({ id, state, onRetry }: { id: string; state: NamesState; onRetry: () => void }) {
  const t = useCatalogue(namesStrings)
  const name = state.name ?? ''
  const message = state.message ? t(state.message.key, state.message.fields) : null
  switch (state.status) {
    case 'idle':
      return (
        <p id={id} className="row-sub" data-status="idle">
          {t('searchHelp')}
        </p>
      )
    case 'invalid':
    case 'unsupported':
      return (
        <p id={id} className="error-text" role="alert" data-status={state.status}>
          {message}
        </p>
      )
    case 'error':
      return (
        <div className="note" data-status="error">
          <p id={id} className="error-text" role="alert">
            {message}
          </p>
          <button type="button" className="chip" onClick={onRetry}>
            {t('tryAgain')}
          </button>
        </div>
      )
    default: {
      return (
        <p
          id={id}
          className="row-sub"
          role="status"
          aria-live="polite"
          aria-busy={state.status === 'checking'}
          data-status={state.status}
        >
          {t(state.status, { name })}
        </p>
      )
    }
  }
}

function Suggestions({
  state,
  onPick,
  onRetry,
}: {
  state: NamesState
  onPick: (name: string) => void
  onRetry: () => void
}) {
  const t = useCatalogue(namesStrings)
  if (state.suggestionsStatus === 'idle') return null
  return (
    <div className="group" data-testid="names-suggestions" data-status={state.suggestionsStatus}>
      <p className="group-label">{t('suggestionsLabel')}</p>
      {state.suggestionsStatus === 'loading' ? (
        <p className="row-sub" aria-busy="true">
          {t('suggestionsLoading')}
        </p>
      ) : state.suggestionsStatus === 'error' ? (
        <div className="chip-row">
          <p className="error-text">{t('suggestionsFailed', { reason: state.suggestionsError ?? '' })}</p>
          {state.status === 'error' ? null : (
            <button type="button" className="chip" onClick={onRetry}>
              {t('tryAgain')}
            </button>
          )}
        </div>
      ) : state.suggestions.length === 0 ? (
        <p className="row-sub">{t('suggestionsEmpty')}</p>
      ) : (
        <div className="chip-row">
          {state.suggestions.map((s) => (
            <button key={s.name} type="button" className="chip" onClick={() => onPick(s.name)}>
              {s.name}
            </button>
          ))}
        </div>
      )}
    </div>
  )
}
