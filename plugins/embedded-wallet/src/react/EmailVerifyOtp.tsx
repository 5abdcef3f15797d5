import type { Views } from '@portico/core'
import { useCatalogue, usePortico, usePorticoState, useViewTitle } from '@portico/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { getEmbeddedWallet } from '../controller/index.js'
import { EMBEDDED_WALLET_CONNECTOR_ID } from '../plugin.js'
import { embeddedWalletStrings } from './strings.js'

/** Six digits out of whatever was pasted ("123 456", "Code: 123456"): the account views' code fields. */
export function digitsOf(text: string): string {
  return text.replace(/[^0-9]/g, '').slice(0, 6)
}

type Step = 'code' | 'connecting' | 'closed' | 'failed'

/**
 * EmailVerifyOtp (SPEC §4: connect, verify device, verify OTP, connected).
 * Issue 29: the 6-digit code is typed in the signer frame's own card, which
 * opens over the page as the Approve card does, and goes from the frame to
 * the gateway; this view never holds it. It says where to type, and once
 * the card closes it connects, moves on to the device-approval wait, or
 * offers to open the card again and to resend after SPEC's 30 s cool-down
 * (counted from the stored last attempt, which a resend in the card moves).
 */
export default function EmailVerifyOtp() {
  const portico = usePortico()
  const data = usePorticoState((s) => s.router.data) as Views['EmailVerifyOtp'] | undefined
  const email = data?.email ?? ''
  const t = useCatalogue(embeddedWalletStrings)
  useViewTitle(t('otpTitle'))
  const controller = getEmbeddedWallet(portico)
  const [step, setStep] = useState<Step>('code')
  const [error, setError] = useState<string | undefined>()
  const [notice, setNotice] = useState<string | undefined>()
  const [wait, setWait] = useState(() => controller.wait())
  const open = useRef(false)
  const again = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    const timer = setInterval(() => setWait(controller.wait()), 250)
    return () => clearInterval(timer)
  }, [controller])

  const enter = useCallback(async () => {
    // One card at a time (a second effect run, a double click).
    if (open.current || !email) return
    open.current = true
    setError(undefined)
    setNotice(undefined)
    setStep('code')
    try {
      const answer = await controller.enterCode(email)
      if (answer.status === 'cancelled') {
        setStep('closed')
        return
      }
      if (answer.status === 'device_approval') {
        // A new device of an existing wallet: wait for the link mailed to the address (SPEC §4).
        portico.router.replace('EmailVerifyDevice', { email: answer.email })
        return
      }
      setStep('connecting')
      await portico.connect(EMBEDDED_WALLET_CONNECTOR_ID)
      if (portico.getState().router.view === 'EmailVerifyOtp') portico.router.reset('Account')
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
      setStep('failed')
    } finally {
      open.current = false
      setWait(controller.wait())
    }
  }, [controller, email, portico])

  useEffect(() => {
    void enter()
  }, [enter])
  // Back from the card: focus goes to the way to open it again.
  useEffect(() => {
    if (step === 'closed' || step === 'failed') again.current?.focus()
  }, [step])

  const resend = async () => {
    setError(undefined)
    setNotice(undefined)
    try {
      await controller.requestCode(email)
      setNotice(t('resent'))
      void enter()
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    } finally {
      setWait(controller.wait())
    }
  }

  const idle = step === 'closed' || step === 'failed'
  return (
    <div className="section" data-testid="email-verify-otp" data-step={step} aria-busy={!idle}>
      <p>
        {t('otpIntro')} <strong data-testid="otp-email">{email}</strong>
      </p>
      <p className="row-sub">{t('otpHint')}</p>
      {step === 'code' ? <p role="status">{t('codeInFrame')}</p> : null}
      {step === 'connecting' ? <p role="status">{t('connecting')}</p> : null}
      {step === 'closed' ? <p role="status">{t('codeClosed')}</p> : null}
      {error ? (
        <p className="error-text" role="alert" data-testid="otp-error">
          {error}
        </p>
      ) : null}
      {notice ? <p role="status">{notice}</p> : null}
      {idle ? (
        <div className="actions">
          <button
            ref={again}
            type="button"
            className="button"
            data-variant="primary"
            onClick={() => void enter()}
            data-testid="otp-enter"
          >
            {t('enterCode')}
          </button>
          <button
            type="button"
            className="button"
            disabled={wait > 0}
            onClick={() => void resend()}
            data-testid="otp-resend"
          >
            {wait > 0 ? t('resendIn', { seconds: wait }) : t('resend')}
          </button>
        </div>
      ) : null}
      <p className="note">{t('custody')}</p>
    </div>
  )
}
