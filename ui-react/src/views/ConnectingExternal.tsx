import type { Views } from '@portico/core'
import { useCallback, useEffect, useRef, useState } from 'react'
import { usePortico } from '../context/index.js'
import { errorText, isUserRejection } from '../format/index.js'
import { usePorticoState } from '../hooks/index.js'
import { useStrings } from '../i18n/index.js'
import { useViewTitle } from '../modal/title.js'
import { WalletIcon } from './parts.js'

type Status = 'pending' | 'rejected' | 'error'

/** ConnectingExternal: waits on the wallet; "Try again" after a rejection or an error; Cancel aborts the attempt and goes back. */
export default function ConnectingExternalView() {
  const portico = usePortico()
  const t = useStrings()
  const data = usePorticoState((s) => s.router.data) as Views['ConnectingExternal'] | undefined
  const connectorId = data?.connectorId
  const connector = usePorticoState((s) => s.connectors.find((c) => c.id === connectorId))
  const [status, setStatus] = useState<Status>('pending')
  const [error, setError] = useState<unknown>(undefined)
  const started = useRef(false)
  const attemptRef = useRef<AbortController | undefined>(undefined)
  const name = connector?.name ?? connectorId ?? ''
  useViewTitle(name)

  const attempt = useCallback(async () => {
    if (!connectorId) return
    setStatus('pending')
    const controller = new AbortController()
    attemptRef.current = controller
    try {
      await portico.connect(connectorId, { namespace: connector?.chain, signal: controller.signal })
      const { router, modal } = portico.getState()
      if (modal.open && router.view === 'ConnectingExternal') portico.router.reset('Account')
    } catch (e) {
      if (controller.signal.aborted) return
      setError(e)
      setStatus(isUserRejection(e) ? 'rejected' : 'error')
    }
  }, [portico, connectorId, connector?.chain])

  useEffect(() => {
    if (started.current) return
    started.current = true
    void attempt()
  }, [attempt])

  return (
    <div className="center" aria-live="polite">
      <span className="ring" data-status={status === 'pending' ? 'pending' : 'error'}>
        <WalletIcon connector={{ name, imageUrl: connector?.imageUrl }} size="lg" />
      </span>
      {status === 'pending' ? (
        <>
          <h3>{t('continueIn', { name })}</h3>
          <p>{t('approveInWallet')}</p>
        </>
      ) : (
        <>
          <h3 className="error-title">
            {status === 'rejected' ? t('connectionDeclined') : t('connectionFailed')}
          </h3>
          <p className={status === 'error' ? 'error-text' : undefined}>
            {status === 'rejected'
              ? t('connectionDeclinedHint')
              : (errorText(error) ?? t('somethingWentWrong'))}
          </p>
        </>
      )}
      <div className="actions">
        <button
          type="button"
          className="button"
          data-variant="secondary"
          onClick={() => {
            // Cancel really cancels: a late approval from the wallet must not connect.
            attemptRef.current?.abort()
            portico.router.goBack()
          }}
        >
          {t('cancel')}
        </button>
        {status !== 'pending' ? (
          <button type="button" className="button" data-variant="primary" onClick={() => void attempt()}>
            {t('tryAgain')}
          </button>
        ) : null}
      </div>
    </div>
  )
}
