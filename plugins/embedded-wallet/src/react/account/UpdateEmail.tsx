import { PorticoError } from '@portico/core'
import { useAccount, useCatalogue, usePortico, useViewTitle } from '@portico/react'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { getEmbeddedWallet } from '../../controller/index.js'
import { embeddedWalletStrings } from '../strings.js'

type Stage = 'email' | 'old' | 'new'

/**
 * Update email (an Account action of an email login): the new address (SPEC
 * §5: a valid email is required), then the code mailed to the current
 * address, then the one mailed to the new address. Issue 29: both codes are
 * typed in the signer frame's own card (with its "Resend code" after SPEC's
 * 30 s), never on this page; this view says where to type and, when the card
 * was closed, offers to open it again. The wallet stays the same; the new
 * email is the account's name afterwards (shortened past 30 characters, SPEC
 * §2).
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
  const [busy, setBusy] = useState(false)
  /** The frame's card is open for the shown stage (false: it was closed, or failed). */
  const [inFrame, setInFrame] = useState(false)
  const [error, setError] = useState<string | undefined>()
  const emailInput = useRef<HTMLInputElement>(null)
  const again = useRef<HTMLButtonElement>(null)
  const open = useRef(false)

  useEffect(() => {
    if (busy) return
    if (stage === 'email') emailInput.current?.focus()
    else if (!inFrame) again.current?.focus()
  }, [stage, busy, inFrame])

  const message = (e: unknown) =>
    e instanceof PorticoError && e.code === 'INVALID_EMAIL'
      ? t('invalidEmail')
      : e instanceof PorticoError
        ? e.shortMessage
        : e instanceof Error
          ? e.message
          : String(e)

  /** The frame's code card for `from` and, a right code given, for the stage after it. */
  const enter = async (from: 'old' | 'new') => {
    if (open.current) return
    open.current = true
    setError(undefined)
    setInFrame(true)
    let at: 'old' | 'new' = from
    try {
      for (;;) {
        setStage(at)
        const step = await controller.account.enterEmailChangeCode(at)
        if (step.stage === 'done') {
          portico.router.goBack()
          return
        }
        if (step.stage === 'cancelled') break
        at = step.stage
      }
    } catch (e) {
      setError(message(e))
    } finally {
      open.current = false
      setInFrame(false)
    }
  }

  const start = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setError(undefined)
    setBusy(true)
    let step: Awaited<ReturnType<typeof controller.account.startEmailChange>>
    try {
      step = await controller.account.startEmailChange(newEmail)
    } catch (e) {
      setError(message(e))
      emailInput.current?.focus()
      return
    } finally {
      setBusy(false)
    }
    if (step.stage !== 'done') await enter(step.stage)
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
    <div
      className="section"
      data-testid="update-email-code"
      data-stage={stage}
      data-in-frame={inFrame}
      aria-busy={inFrame}
    >
      <p>
        {t('codeSentTo')} <strong data-testid="code-email">{to}</strong>
      </p>
      {inFrame ? <p role="status">{t('codeInFrame')}</p> : null}
      {!inFrame && !error ? <p role="status">{t('codeClosed')}</p> : null}
      {error ? (
        <p className="error-text" role="alert" data-testid="update-email-error">
          {error}
        </p>
      ) : null}
      {inFrame ? null : (
        <div className="actions">
          <button type="button" className="button" onClick={() => portico.router.goBack()}>
            {t('cancel')}
          </button>
          <button
            ref={again}
            type="button"
            className="button"
            data-variant="primary"
            onClick={() => void enter(stage === 'new' ? 'new' : 'old')}
            data-testid="update-email-enter"
          >
            {t('enterCode')}
          </button>
        </div>
      )}
    </div>
  )
}
