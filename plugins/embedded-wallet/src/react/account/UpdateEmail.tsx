import { PorticoError } from '@portico/core'
import { useAccount, useCatalogue, usePortico, useViewTitle } from '@portico/react'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { getEmbeddedWallet } from '../../controller/index.js'
import { embeddedWalletStrings } from '../strings.js'
import { CodeField } from './CodeField.js'

type Stage = 'email' | 'old' | 'new'

/**
 * Update email (an Account action of an email login): the new address (SPEC
 * §5: a valid email is required), then the code mailed to the current
 * address, then the one mailed to the new address. The wallet stays the
 * same; the new email is the account's name afterwards (shortened past 30
 * characters, SPEC §2).
 */
export default function UpdateEmail() {
  const portico = usePortico()
  const t = useCatalogue(embeddedWalletStrings)
  useViewTitle(t('updateEmailTitle'))
  const account = useAccount('eip155')
  const id = useId()
  const controller = getEmbeddedWallet(portico)
  const [stage, setStage] = useState<Stage>('email')
  const [current] = useState(() => account.user?.email ?? '')
  const [newEmail, setNewEmail] = useState('')
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | undefined>()
  const codeInput = useRef<HTMLInputElement>(null)
  const emailInput = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (stage === 'email') emailInput.current?.focus()
    else codeInput.current?.focus()
  }, [stage])

  const message = (e: unknown) =>
    e instanceof PorticoError && e.code === 'INVALID_EMAIL'
      ? t('invalidEmail')
      : e instanceof PorticoError
        ? e.shortMessage
        : e instanceof Error
          ? e.message
          : String(e)

  const start = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setError(undefined)
    setBusy(true)
    try {
      const step = await controller.account.startEmailChange(newEmail)
      if (step.stage !== 'done') setStage(step.stage)
    } catch (e) {
      setError(message(e))
      emailInput.current?.focus()
    } finally {
      setBusy(false)
    }
  }
  const verify = async (value: string) => {
    if (value.length !== 6 || busy) return
    setError(undefined)
    setBusy(true)
    try {
      const step = await controller.account.verifyEmailChange(value)
      setCode('')
      if (step.stage === 'done') {
        portico.router.goBack()
        return
      }
      setStage(step.stage)
    } catch (e) {
      setError(message(e))
      setCode('')
    } finally {
      setBusy(false)
    }
  }
  const submitCode = (event: FormEvent) => {
    event.preventDefault()
    void verify(code)
  }

  if (stage === 'email')
    return (
      <form className="section" data-testid="update-email" onSubmit={start} noValidate aria-busy={busy}>
        <p>{t('updateEmailIntro')}</p>
        <label htmlFor={`${id}-email`}>{t('newEmailLabel')}</label>
        <input
          ref={emailInput}
          id={`${id}-email`}
          className="search"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          value={newEmail}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setNewEmail(e.target.value)}
          style={{ inlineSize: '100%' }}
        />
        {error ? (
          <p id={`${id}-error`} className="error-text" role="alert" data-testid="update-email-error">
            {error}
          </p>
        ) : null}
        <div className="actions">
          <button type="button" className="button" onClick={() => portico.router.goBack()}>
            {t('cancel')}
          </button>
          <button
            type="submit"
            className="button"
            data-variant="primary"
            disabled={busy || newEmail.trim() === ''}
          >
            {busy ? t('sending') : t('sendCode')}
          </button>
        </div>
      </form>
    )

  const to = stage === 'old' ? current : newEmail.trim()
  return (
    <form
      className="section"
      data-testid="update-email-code"
      data-stage={stage}
      onSubmit={submitCode}
      noValidate
      aria-busy={busy}
    >
      <p>
        {t('codeSentTo')} <strong data-testid="code-email">{to}</strong>
      </p>
      <CodeField
        key={stage}
        label={t('codeLabel')}
        hint={t('otpHint')}
        value={code}
        disabled={busy}
        error={error}
        inputRef={codeInput}
        onChange={setCode}
        onComplete={(v) => void verify(v)}
      />
      {busy ? <p role="status">{t('verifying')}</p> : null}
      <div className="actions">
        <button type="button" className="button" onClick={() => portico.router.goBack()}>
          {t('cancel')}
        </button>
      </div>
    </form>
  )
}
