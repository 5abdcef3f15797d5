import { PorticoError } from '@portico/core'
import { useCatalogue, useLocale, usePortico } from '@portico/react'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { getEmbeddedWallet } from '../controller/index.js'
import ConnectSocial from './ConnectSocial.js'
import { embeddedWalletStrings } from './strings.js'

/**
 * The email field of the Connect view (SPEC §2: email first unless browser
 * wallets are installed): a valid email (SPEC §5) mails a 6-digit code and
 * opens EmailVerifyOtp. The signer frame starts loading when this shows.
 */
export default function ConnectEmail() {
  const portico = usePortico()
  const id = useId()
  const t = useCatalogue(embeddedWalletStrings)
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | undefined>()
  const { locale } = useLocale()
  useEffect(() => {
    try {
      getEmbeddedWallet(portico).warm({ locale })
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    }
  }, [portico, locale])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setError(undefined)
    const value = email.trim()
    if (!value) return
    setBusy(true)
    try {
      await getEmbeddedWallet(portico).requestCode(value)
      portico.router.push('EmailVerifyOtp', { email: value })
    } catch (e) {
      setError(
        e instanceof PorticoError && e.code === 'INVALID_EMAIL'
          ? t('invalidEmail')
          : e instanceof Error
            ? e.message
            : String(e),
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <form className="section" data-connect-email="" onSubmit={submit} noValidate aria-busy={busy}>
        <label htmlFor={`${id}-email`} className="visually-hidden">
          {t('emailLabel')}
        </label>
        <div className="actions" style={{ marginBlockStart: 0 }}>
          <input
            id={`${id}-email`}
            className="search"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t('emailPlaceholder')}
            value={email}
            maxLength={254}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setEmail(e.target.value)}
            style={{ flex: 1 }}
          />
          <button
            type="submit"
            className="button"
            data-variant="primary"
            disabled={busy || email.trim() === ''}
          >
            {busy ? t('sending') : t('continue')}
          </button>
        </div>
        {error ? (
          <p id={`${id}-error`} className="error-text" role="alert" data-testid="email-error">
            {error}
          </p>
        ) : null}
      </form>
      {/* SPEC §2: social right after email, in either order of methods. */}
      <ConnectSocial />
    </>
  )
}
