import type { SiwxController, SiwxState } from '@portico/core'
import { useSyncExternalStore } from 'react'
import { usePortico } from '../context/index.js'
import { useStrings } from '../i18n/index.js'
import { useViewTitle } from '../modal/title.js'
import { Avatar } from './identity.js'

const IDLE: SiwxState = { status: 'idle', required: false }
const none = () => () => {}
const BUSY = new Set(['preparing', 'restoring', 'signing', 'verifying'])

function useSiwxState(siwx: SiwxController | undefined): SiwxState {
  return useSyncExternalStore(
    siwx ? siwx.subscribe : none,
    siwx ? siwx.getState : () => IDLE,
    siwx ? siwx.getState : () => IDLE,
  )
}

/**
 * SIWXSignMessage: the sign-in prompt after connect. Shows the exact CAIP-122
 * text the wallet will sign (as text), "Sign in", and Cancel — which reads
 * "Disconnect" when the app requires sign-in, because declining then ends
 * the connection. Failures stay on screen with the same buttons to retry.
 */
export default function SIWXSignMessageView() {
  const portico = usePortico()
  const t = useStrings()
  const siwx = portico.siwx
  const state = useSiwxState(siwx)
  useViewTitle(t('siwxTitle'))
  const busy = BUSY.has(state.status)
  const domain = state.message?.split(' ', 1)[0] ?? ''
  const status =
    state.status === 'preparing'
      ? t('siwxPreparing')
      : state.status === 'restoring'
        ? t('siwxRestoring')
        : state.status === 'signing'
          ? t('siwxSigning')
          : state.status === 'verifying'
            ? t('siwxVerifying')
            : state.status === 'signed'
              ? t('siwxSigned')
              : undefined
  const sign = () => {
    if (!siwx) return
    // A failure lands in the sign-in state (`error`), which this view shows with a retry.
    siwx.signIn().catch((error: unknown) => void error)
  }
  const retry = () => {
    siwx?.request().catch((error: unknown) => void error)
  }
  return (
    <div className="center" data-testid="siwx" data-status={state.status}>
      <span className="ring" data-status={state.error ? 'error' : 'pending'}>
        <Avatar address={state.address} />
      </span>
      {state.message ? <p>{t('siwxIntro', { name: domain })}</p> : null}
      <p aria-live="polite" data-testid="siwx-status">
        {status}
      </p>
      {state.error ? (
        <div className="activity-state" role="alert" data-testid="siwx-error">
          <h3 className="error-title">{t('siwxFailed')}</h3>
          <span className="error-text">{state.error.message}</span>
        </div>
      ) : null}
      {state.message ? (
        <section aria-label={t('siwxMessageLabel')}>
          <pre className="code" data-testid="siwx-message">
            {state.message}
          </pre>
        </section>
      ) : null}
      {state.required ? <p className="note">{t('siwxRequiredNote')}</p> : null}
      <div className="actions">
        <button
          type="button"
          className="button"
          data-variant="secondary"
          disabled={state.status === 'verifying'}
          onClick={() => {
            siwx?.decline().catch((error: unknown) => void error)
          }}
        >
          {state.required ? t('siwxDisconnect') : t('siwxCancel')}
        </button>
        {state.message || !state.error ? (
          <button
            type="button"
            className="button"
            onClick={sign}
            disabled={busy || !state.message || state.status === 'signed'}
            aria-busy={busy}
          >
            {t('siwxSign')}
          </button>
        ) : (
          <button type="button" className="button" onClick={retry}>
            {t('tryAgain')}
          </button>
        )}
      </div>
    </div>
  )
}
