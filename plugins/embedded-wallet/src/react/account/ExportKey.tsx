import { PorticoError } from '@portico/core'
import { useAccount, useCatalogue, usePortico, useViewTitle } from '@portico/react'
import { useEffect, useRef, useState } from 'react'
import { getEmbeddedWallet } from '../../controller/index.js'
import { embeddedWalletStrings } from '../strings.js'

type Stage = 'intro' | 'code' | 'codeClosed' | 'failed' | 'closed'

/**
 * Export private key (an Account action of an email login), behind
 * re-authentication: a fresh code mailed for the export only, typed in the
 * signer frame's own card (issue 29: this page never sees it), after which
 * the frame shows the key in its own card (copy, warning, close). This page
 * never receives the code or the key: it only learns how the cards ended.
 */
export default function ExportKey() {
  const portico = usePortico()
  const t = useCatalogue(embeddedWalletStrings)
  useViewTitle(t('exportTitle'))
  // The account this action opened from (any namespace of the login carries its email).
  const account = useAccount()
  const controller = getEmbeddedWallet(portico)
  const [stage, setStage] = useState<Stage>('intro')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | undefined>()
  const again = useRef<HTMLButtonElement>(null)
  const back = useRef<HTMLButtonElement>(null)
  const open = useRef(false)

  useEffect(() => {
    if (stage === 'codeClosed' || stage === 'failed') again.current?.focus()
    if (stage === 'closed') back.current?.focus()
  }, [stage])

  const message = (e: unknown) =>
    e instanceof PorticoError ? e.shortMessage : e instanceof Error ? e.message : String(e)

  /** The frame's code card, then (a right code) its key card; resolves when the visitor closed them. */
  const enter = async () => {
    // One card at a time (a double click).
    if (open.current) return
    open.current = true
    setError(undefined)
    setStage('code')
    try {
      setStage((await controller.account.enterExportCode()) === 'shown' ? 'closed' : 'codeClosed')
    } catch (e) {
      setError(message(e))
      setStage('failed')
    } finally {
      open.current = false
    }
  }
  const ask = async () => {
    setError(undefined)
    setBusy(true)
    try {
      await controller.account.requestExportCode()
    } catch (e) {
      setError(message(e))
      return
    } finally {
      setBusy(false)
    }
    await enter()
  }

  if (stage === 'intro')
    return (
      <div className="section" data-testid="export-key" aria-busy={busy}>
        <p className="error-text" data-testid="export-warning">
          {t('exportIntro')}
        </p>
        {error ? (
          <p className="error-text" role="alert" data-testid="export-error">
            {error}
          </p>
        ) : null}
        <div className="actions">
          <button type="button" className="button" onClick={() => portico.router.goBack()}>
            {t('cancel')}
          </button>
          <button
            type="button"
            className="button"
            data-variant="primary"
            disabled={busy}
            onClick={() => void ask()}
          >
            {busy ? t('sending') : t('exportSendCode')}
          </button>
        </div>
      </div>
    )
  if (stage === 'closed')
    return (
      <div className="section" data-testid="export-key-status" data-stage={stage}>
        <p role="status">{t('exportClosed')}</p>
        <div className="actions">
          <button ref={back} type="button" className="button" onClick={() => portico.router.goBack()}>
            {t('backToAccount')}
          </button>
        </div>
      </div>
    )
  const idle = stage === 'codeClosed' || stage === 'failed'
  return (
    <div className="section" data-testid="export-key-code" data-stage={stage} aria-busy={!idle}>
      <p>
        {t('codeSentTo')} <strong data-testid="code-email">{account.user?.email ?? ''}</strong>
      </p>
      {stage === 'code' ? <p role="status">{t('exportInFrame')}</p> : null}
      {stage === 'codeClosed' ? <p role="status">{t('codeClosed')}</p> : null}
      {error ? (
        <p className="error-text" role="alert" data-testid="export-error">
          {error}
        </p>
      ) : null}
      {idle ? (
        <div className="actions">
          <button type="button" className="button" onClick={() => portico.router.goBack()}>
            {t('cancel')}
          </button>
          <button
            ref={again}
            type="button"
            className="button"
            data-variant="primary"
            onClick={() => void enter()}
            data-testid="export-enter"
          >
            {t('enterCode')}
          </button>
        </div>
      ) : null}
    </div>
  )
}
