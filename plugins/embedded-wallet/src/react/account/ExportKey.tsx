import { PorticoError } from '@portico/core'
import { useAccount, useCatalogue, usePortico, useViewTitle } from '@portico/react'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { getEmbeddedWallet } from '../../controller/index.js'
import { embeddedWalletStrings } from '../strings.js'
import { CodeField } from './CodeField.js'

type Stage = 'intro' | 'code' | 'shown' | 'closed'

/**
 * Export private key (an Account action of an email login), behind
 * re-authentication: a fresh code mailed for the export only, then the
 * signer frame shows the key in its own card (copy, warning, close). This
 * page never receives the key: it only learns that the card was closed.
 */
export default function ExportKey() {
  const portico = usePortico()
  const t = useCatalogue(embeddedWalletStrings)
  useViewTitle(t('exportTitle'))
  // The account this action opened from (any namespace of the login carries its email).
  const account = useAccount()
  const controller = getEmbeddedWallet(portico)
  const [stage, setStage] = useState<Stage>('intro')
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | undefined>()
  const codeInput = useRef<HTMLInputElement>(null)
  const back = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (stage === 'code') codeInput.current?.focus()
    if (stage === 'closed') back.current?.focus()
  }, [stage])

  const message = (e: unknown) =>
    e instanceof PorticoError ? e.shortMessage : e instanceof Error ? e.message : String(e)

  const ask = async () => {
    setError(undefined)
    setBusy(true)
    try {
      await controller.account.requestExportCode()
      setStage('code')
    } catch (e) {
      setError(message(e))
    } finally {
      setBusy(false)
    }
  }
  const show = async (value: string) => {
    if (value.length !== 6 || busy) return
    setError(undefined)
    setBusy(true)
    setStage('shown')
    try {
      await controller.account.showExport(value)
      setStage('closed')
    } catch (e) {
      setError(message(e))
      setStage('code')
    } finally {
      setCode('')
      setBusy(false)
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void show(code)
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
  if (stage === 'shown' || stage === 'closed')
    return (
      <div className="section" data-testid="export-key-status" data-stage={stage}>
        <p role="status">{stage === 'shown' ? t('exportShown') : t('exportClosed')}</p>
        {stage === 'closed' ? (
          <div className="actions">
            <button ref={back} type="button" className="button" onClick={() => portico.router.goBack()}>
              {t('backToAccount')}
            </button>
          </div>
        ) : null}
      </div>
    )
  return (
    <form className="section" data-testid="export-key-code" onSubmit={submit} noValidate aria-busy={busy}>
      <p>
        {t('codeSentTo')} <strong data-testid="code-email">{account.user?.email ?? ''}</strong>
      </p>
      <CodeField
        label={t('codeLabel')}
        hint={t('otpHint')}
        value={code}
        disabled={busy}
        error={error}
        inputRef={codeInput}
        onChange={setCode}
        onComplete={(v) => void show(v)}
      />
      <div className="actions">
        <button type="button" className="button" onClick={() => portico.router.goBack()}>
          {t('cancel')}
        </button>
      </div>
    </form>
  )
}
