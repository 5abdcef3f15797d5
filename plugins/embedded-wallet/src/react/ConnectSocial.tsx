import { filterSocialProviders, PorticoError, type SocialProvider } from '@portico/core'
import { useCatalogue, usePortico } from '@portico/react'
import { useId, useState } from 'react'
import { getEmbeddedWallet } from '../controller/index.js'
import { EMBEDDED_WALLET_CONNECTOR_ID, registrations } from '../plugin.js'
import { FarcasterButton } from './farcaster/FarcasterButton.js'
import { detectPlatform } from './platform.js'
import { embeddedWalletStrings } from './strings.js'

/** Buttons shown before "More" (SPEC order; the rest behind it). */
const VISIBLE = 3

/** Provider names are brand names, the same in every language. */
const NAMES: Record<SocialProvider, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
}

const POPUP_FEATURES = 'popup=yes,width=500,height=640'

/**
 * The social buttons of the Connect view (SPEC §2: after the email field;
 * the providers the project enables, Telegram-filtered, "More" for the
 * rest). A click opens the login window at once, before anything is
 * awaited, so popup blockers allow it; closing that window brings the
 * visitor back here with a message.
 */
export default function ConnectSocial() {
  const portico = usePortico()
  const t = useCatalogue(embeddedWalletStrings)
  const id = useId()
  const [more, setMore] = useState(false)
  const [busy, setBusy] = useState<SocialProvider | undefined>()
  const [error, setError] = useState<string | undefined>()
  const enabled = filterSocialProviders(registrations.get(portico)?.socialProviders ?? [], detectPlatform())
  const farcaster = registrations.get(portico)?.farcaster === true
  if (enabled.length === 0 && !farcaster) return null
  const shown = more || enabled.length <= VISIBLE + 1 ? enabled : enabled.slice(0, VISIBLE)

  const login = (provider: SocialProvider) => {
    setError(undefined)
    // Synchronously in the click: a window opened after an await is blocked.
    const popup = window.open('about:blank', 'portico-social-login', POPUP_FEATURES)
    setBusy(provider)
    void (async () => {
      try {
        await getEmbeddedWallet(portico).socialLogin(provider, popup)
        await portico.connect(EMBEDDED_WALLET_CONNECTOR_ID)
      } catch (e) {
        setError(
          e instanceof PorticoError && e.code === 'SOCIAL_POPUP_CLOSED'
            ? t('socialClosed')
            : e instanceof PorticoError && e.code === 'POPUP_BLOCKED'
              ? t('socialBlocked')
              : e instanceof Error
                ? e.message
                : String(e),
        )
      } finally {
        setBusy(undefined)
      }
    })()
  }

  return (
    <div className="section" data-connect-social="" aria-busy={busy ? true : undefined}>
      <ul className="list" aria-label={t('socialLabel')}>
        {shown.map((p) => (
          <li key={p}>
            <button
              type="button"
              className="row"
              data-social-provider={p}
              disabled={busy !== undefined}
              onClick={() => login(p)}
            >
              <span className="row-label">
                {busy === p ? t('socialWaiting') : t('continueWith', { provider: NAMES[p] })}
              </span>
            </button>
          </li>
        ))}
        <FarcasterButton disabled={busy !== undefined} />
        {shown.length < enabled.length ? (
          <li>
            <button type="button" className="row" data-social-more="" onClick={() => setMore(true)}>
              <span className="row-label">{t('socialMore')}</span>
            </button>
          </li>
        ) : null}
      </ul>
      {error ? (
        <p id={`${id}-social`} className="error-text" role="alert" data-testid="social-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
