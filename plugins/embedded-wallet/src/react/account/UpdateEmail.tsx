import {
  EMAIL_LOGIN_COOLDOWN_MS,
  EmailLoginTooEarlyError,
  getEmailLoginWait,
  PorticoError,
} from '@portico/core'
import { useAccount, useCatalogue, usePortico, useViewTitle } from '@portico/react'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { EmbeddedFrameError, getEmbeddedWallet } from '../../controller/index.js'
import { embeddedWalletStrings } from '../strings.js'
import { CodeField } from './CodeField.js'

type Stage = 'email' | 'old' | 'new'

/**
 * Update email (an Account action of an email login): the new address (SPEC
 * §5: a valid email is required), then the code mailed to the current
 * address, then the one mailed to the new address. The wallet stays the
 * same; the new email is the account's name afterwards (shortened past 30
 * characters, SPEC §2). Each code stage offers "Send a new code" as
 * EmailVerifyDevice does: SPEC's 30 s cool-down counted from the stage's
 * mail ("Please try again after N seconds" when pressed early); the new code
 * replaces the previous one.
 */
export default function UpdateEmail() {
  const portico = usePortico()
  const t = useCatalogue(embeddedWalletStrings)
  useViewTitle(t('updateEmailTitle'))
  // The account this action opened from (any namespace of the login carries its email).
  const account = useAccount()
  const id = useId()
  const controller = getEmbeddedWallet(portico)
  const [stage, setStage] = useState<Stage>('email')
  const [current] = useState(() => account.user?.email ?? '')
  const [newEmail, setNewEmail] = useState('')
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [resending, setResending] = useState(false)
  const [error, setError] = useState<string | undefined>()
  const [notice, setNotice] = useState<string | undefined>()
  // When the shown stage's code was mailed: the cool-down counts from then, and from each resend.
  const sentAt = useRef<number | undefined>(undefined)
  const [wait, setWait] = useState(0)
  const codeInput = useRef<HTMLInputElement>(null)
  const emailInput = useRef<HTMLInputElement>(null)

  // Back to the field once a step is over (the code field is disabled while one runs).
  useEffect(() => {
    if (busy) return
    if (stage === 'email') emailInput.current?.focus()
    else codeInput.current?.focus()
  }, [stage, busy])
  useEffect(() => {
    if (stage === 'email') return
    const tick = () => setWait(getEmailLoginWait(sentAt.current, Date.now()))
    tick()
    const timer = setInterval(tick, 250)
    return () => clearInterval(timer)
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
      if (step.stage !== 'done') {
        sentAt.current = Date.now()
        setStage(step.stage)
      }
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
    setNotice(undefined)
    setBusy(true)
    try {
      const step = await controller.account.verifyEmailChange(value)
      setCode('')
      if (step.stage === 'done') {
        portico.router.goBack()
        return
      }
      // The code of the next stage was just mailed: its own cool-down starts now.
      sentAt.current = Date.now()
      setStage(step.stage)
    } catch (e) {
      setError(message(e))
      setCode('')
    } finally {
      setBusy(false)
    }
  }
  const resend = async () => {
    if (stage === 'email' || busy) return
    setError(undefined)
    setNotice(undefined)
    const left = getEmailLoginWait(sentAt.current, Date.now())
    if (left > 0) {
      setError(new EmailLoginTooEarlyError(left).shortMessage)
      return
    }
    setBusy(true)
    setResending(true)
    try {
      const step = await controller.account.resendEmailChangeCode(stage)
      sentAt.current = Date.now()
      setCode('')
      setNotice(t('codeResent'))
      setStage(step.stage)
    } catch (e) {
      // The gateway's own cool-down answers with the same SPEC text; count from it.
      if (e instanceof EmbeddedFrameError && e.code === 'email_cooldown') {
        const n = Number(/after ([0-9]+) seconds/.exec(e.shortMessage)?.[1] ?? 30)
        sentAt.current = Date.now() - EMAIL_LOGIN_COOLDOWN_MS + n * 1000
      }
      setError(message(e))
    } finally {
      setBusy(false)
      setResending(false)
      setWait(getEmailLoginWait(sentAt.current, Date.now()))
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
      {busy ? <p role="status">{resending ? t('sending') : t('verifying')}</p> : null}
      {notice ? (
        <p role="status" data-testid="code-resent">
          {notice}
        </p>
      ) : null}
      <div className="actions">
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => void resend()}
          data-testid="code-resend"
        >
          {wait > 0 ? t('codeResendIn', { seconds: wait }) : t('codeResend')}
        </button>
        <button type="button" className="button" onClick={() => portico.router.goBack()}>
          {t('cancel')}
        </button>
      </div>
    </form>
  )
}
