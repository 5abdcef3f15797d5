import {
  EMAIL_LOGIN_COOLDOWN_MS,
  EmailLoginTooEarlyError,
  getEmailLoginWait,
  type Views,
} from '@portico/core'
import { useCatalogue, usePortico, usePorticoState, useViewTitle } from '@portico/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { EmbeddedFrameError, getEmbeddedWallet } from '../controller/index.js'
import { EMBEDDED_WALLET_CONNECTOR_ID } from '../plugin.js'
import { embeddedWalletStrings } from './strings.js'

/** How often the view asks the frame whether the link was approved. */
const POLL_MS = 2000

type Step = 'waiting' | 'expired' | 'lost' | 'failed' | 'connecting'

/**
 * EmailVerifyDevice (SPEC §4: connect, verify device, verify OTP, connected):
 * after a right code on a device the wallet has not seen, the gateway mails a
 * one-time link to the address. This view says so, waits (asking the frame
 * every 2 s; the frame holds the pending login) and connects once the link
 * was approved. Resend keeps SPEC's 30 s cool-down ("Please try again after N
 * seconds"); an expired link says so and offers a new one; Cancel gives up.
 */
export default function EmailVerifyDevice() {
  const portico = usePortico()
  const data = usePorticoState((s) => s.router.data) as Views['EmailVerifyDevice'] | undefined
  const email = data?.email ?? ''
  const t = useCatalogue(embeddedWalletStrings)
  useViewTitle(t('deviceTitle'))
  const controller = getEmbeddedWallet(portico)
  const [step, setStep] = useState<Step>('waiting')
  const [error, setError] = useState<string | undefined>()
  const [notice, setNotice] = useState<string | undefined>()
  // The link was mailed as this view opened: the cool-down counts from then, and from each resend.
  const sentAt = useRef(Date.now())
  const [wait, setWait] = useState(() => getEmailLoginWait(sentAt.current, Date.now()))
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    const timer = setInterval(() => setWait(getEmailLoginWait(sentAt.current, Date.now())), 250)
    return () => clearInterval(timer)
  }, [])

  const finish = useCallback(async () => {
    setStep('connecting')
    // Every namespace the dApp has an adapter for; the active one ends up active.
    await portico.connect(EMBEDDED_WALLET_CONNECTOR_ID)
    if (portico.getState().router.view === 'EmailVerifyDevice') portico.router.reset('Account')
  }, [portico])

  useEffect(() => {
    if (step !== 'waiting') return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = async () => {
      try {
        const r = await controller.account.pollDevice()
        if (stopped) return
        if (r.status === 'connected') return void (await finish())
        timer = setTimeout(() => void poll(), POLL_MS)
      } catch (e) {
        if (stopped) return
        const code = e instanceof EmbeddedFrameError ? e.code : undefined
        setStep(code === 'link_expired' ? 'expired' : code === 'pending_unknown' ? 'lost' : 'failed')
        setError(e instanceof Error ? e.message : String(e))
      }
    }
    timer = setTimeout(() => void poll(), POLL_MS)
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [step, controller, finish])

  const resend = async () => {
    setError(undefined)
    setNotice(undefined)
    const left = getEmailLoginWait(sentAt.current, Date.now())
    if (left > 0) {
      setError(new EmailLoginTooEarlyError(left).shortMessage)
      return
    }
    setBusy(true)
    try {
      await controller.account.resendDeviceLink()
      sentAt.current = Date.now()
      setNotice(t('deviceResent'))
      setStep('waiting')
    } catch (e) {
      // The gateway's own cool-down answers with the same SPEC text; count from it.
      if (e instanceof EmbeddedFrameError && e.code === 'email_cooldown') {
        const n = Number(/after ([0-9]+) seconds/.exec(e.shortMessage)?.[1] ?? 30)
        sentAt.current = Date.now() - EMAIL_LOGIN_COOLDOWN_MS + n * 1000
      }
      setError(e instanceof Error ? ((e as { shortMessage?: string }).shortMessage ?? e.message) : String(e))
    } finally {
      setBusy(false)
      setWait(getEmailLoginWait(sentAt.current, Date.now()))
    }
  }
  const cancel = async () => {
    try {
      await controller.account.cancelDevice()
    } catch (e) {
      // The frame forgets the pending login on its own when it goes; the visitor leaves either way.
      console.warn('[portico] embedded wallet: cancelling the device approval failed', e)
    }
    portico.router.reset('Connect')
  }

  const message =
    step === 'expired'
      ? t('deviceExpired')
      : step === 'lost'
        ? t('deviceLost')
        : step === 'failed'
          ? error
          : undefined
  return (
    <div className="section" data-testid="email-verify-device" aria-busy={step === 'connecting'}>
      <p>
        {t('deviceIntro')} <strong data-testid="device-email">{email}</strong>
      </p>
      <p className="row-sub">{t('deviceSteps')}</p>
      {step === 'waiting' || step === 'connecting' ? (
        <p role="status" data-testid="device-status">
          {step === 'waiting' ? t('deviceWaiting') : t('connecting')}
        </p>
      ) : null}
      {message ? (
        <p className="error-text" role="alert" data-testid="device-problem" data-step={step}>
          {message}
        </p>
      ) : null}
      {error && step === 'waiting' ? (
        <p className="error-text" role="alert" data-testid="device-error">
          {error}
        </p>
      ) : null}
      {notice ? <p role="status">{notice}</p> : null}
      <div className="actions">
        {step === 'failed' ? (
          <button
            type="button"
            className="button"
            onClick={() => {
              setError(undefined)
              setStep('waiting')
            }}
          >
            {t('retry')}
          </button>
        ) : null}
        {step !== 'lost' && step !== 'connecting' ? (
          <button
            type="button"
            className="button"
            data-variant={step === 'expired' ? 'primary' : undefined}
            disabled={busy}
            onClick={() => void resend()}
            data-testid="device-resend"
          >
            {wait > 0 ? t('deviceResendIn', { seconds: wait }) : t('deviceResend')}
          </button>
        ) : null}
        <button type="button" className="button" onClick={() => void cancel()} data-testid="device-cancel">
          {t('cancel')}
        </button>
      </div>
    </div>
  )
}
