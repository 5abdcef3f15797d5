import type { Views } from '@portico/core'
import { useCatalogue, usePortico, usePorticoState, useViewTitle } from '@portico/react'
import { type ClipboardEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { getEmbeddedWallet } from '../controller/index.js'
import { EMBEDDED_WALLET_CONNECTOR_ID } from '../plugin.js'
import { embeddedWalletStrings } from './strings.js'

/** Six digits out of whatever was pasted ("123 456", "Code: 123456"). */
export function digitsOf(text: string): string {
  return text.replace(/[^0-9]/g, '').slice(0, 6)
}

/**
 * EmailVerifyOtp: the 6-digit code (typed or pasted; one field with
 * `autocomplete="one-time-code"`, so screen readers and OS autofill handle it
 * as one value), submitted when complete; resend after SPEC's 30 s cool-down,
 * counted from the stored last attempt so a reload does not reset it.
 */
export default function EmailVerifyOtp() {
  const portico = usePortico()
  const data = usePorticoState((s) => s.router.data) as Views['EmailVerifyOtp'] | undefined
  const email = data?.email ?? ''
  const id = useId()
  const t = useCatalogue(embeddedWalletStrings)
  useViewTitle(t('otpTitle'))
  const controller = getEmbeddedWallet(portico)
  const [code, setCode] = useState('')
  const [step, setStep] = useState<'idle' | 'verifying' | 'connecting'>('idle')
  const [error, setError] = useState<string | undefined>()
  const [notice, setNotice] = useState<string | undefined>()
  const [wait, setWait] = useState(() => controller.wait())
  const input = useRef<HTMLInputElement>(null)

  useEffect(() => {
    const timer = setInterval(() => setWait(controller.wait()), 250)
    return () => clearInterval(timer)
  }, [controller])
  useEffect(() => input.current?.focus(), [])

  const verify = async (value: string) => {
    if (value.length !== 6 || step !== 'idle') return
    setError(undefined)
    setNotice(undefined)
    setStep('verifying')
    try {
      const answer = await controller.verifyCode(email, value)
      if (answer.status === 'device_approval') {
        // A new device of an existing wallet: wait for the link mailed to the address (SPEC §4).
        portico.router.replace('EmailVerifyDevice', { email: answer.email })
        return
      }
      setStep('connecting')
      await portico.connect(EMBEDDED_WALLET_CONNECTOR_ID, { namespace: 'eip155' })
      if (portico.getState().router.view === 'EmailVerifyOtp') portico.router.reset('Account')
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
      setCode('')
      setStep('idle')
      input.current?.focus()
    }
  }
  const onChange = (value: string) => {
    const digits = digitsOf(value)
    setCode(digits)
    if (digits.length === 6) void verify(digits)
  }
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault()
    onChange(e.clipboardData.getData('text'))
  }
  const resend = async () => {
    setError(undefined)
    setNotice(undefined)
    try {
      await controller.requestCode(email)
      setNotice(t('resent'))
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    } finally {
      setWait(controller.wait())
    }
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void verify(code)
  }

  return (
    <form
      className="section"
      data-testid="email-verify-otp"
      onSubmit={submit}
      noValidate
      aria-busy={step !== 'idle'}
    >
      <p>
        {t('otpIntro')} <strong data-testid="otp-email">{email}</strong>
      </p>
      <label htmlFor={`${id}-code`}>{t('otpLabel')}</label>
      <input
        ref={input}
        id={`${id}-code`}
        className="search"
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]{6}"
        maxLength={12}
        value={code}
        disabled={step !== 'idle'}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(e) => onChange(e.target.value)}
        onPaste={onPaste}
        style={{ letterSpacing: '0.4em', fontSize: '20px', textAlign: 'center', inlineSize: '100%' }}
      />
      <p id={`${id}-hint`} className="row-sub">
        {t('otpHint')}
      </p>
      {step !== 'idle' ? (
        <p role="status">{step === 'verifying' ? t('verifying') : t('connecting')}</p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="error-text" role="alert" data-testid="otp-error">
          {error}
        </p>
      ) : null}
      {notice ? <p role="status">{notice}</p> : null}
      <div className="actions">
        <button
          type="button"
          className="button"
          disabled={wait > 0 || step !== 'idle'}
          onClick={() => void resend()}
          data-testid="otp-resend"
        >
          {wait > 0 ? t('resendIn', { seconds: wait }) : t('resend')}
        </button>
      </div>
      <p className="note">{t('custody')}</p>
    </form>
  )
}
