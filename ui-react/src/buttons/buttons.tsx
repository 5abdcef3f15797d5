import { useInsertionEffect } from 'react'
import { usePortico } from '../context/index.js'
import { avatarVariant, useFormat } from '../format/index.js'
import { useAccount, useNetwork, usePorticoState } from '../hooks/index.js'
import { useStrings } from '../i18n/index.js'
import { adoptDocumentCss } from '../modal/sheets.js'
import { documentCss } from '../modal/styles.js'
import { useResolvedTheme } from '../modal/theme.js'
import { displayName } from '../views/displayName.js'
import { useImageSource } from '../views/image.js'

/** Adopts the buttons' class-scoped sheet into the document while a button is mounted. */
function useDocumentStyles() {
  useInsertionEffect(() => adoptDocumentCss(document, documentCss), [])
}

/** The theme a button is drawn in: its own `themeMode` prop, else the instance's (as the modal does). */
function useButtonTheme(themeMode: ThemeMode | undefined): 'light' | 'dark' {
  const stateMode = usePorticoState((s) => s.themeMode)
  return useResolvedTheme(themeMode ?? stateMode)
}

type ThemeMode = 'light' | 'dark' | 'system'

export interface ConnectButtonProps {
  /** Text when disconnected (default: the catalogue's "Connect Wallet"). */
  label?: string
  /** Show the native balance when connected (default true). */
  showBalance?: boolean
  className?: string
  /** Overrides the instance's `themeMode` ('system' follows `prefers-color-scheme` live). */
  themeMode?: ThemeMode
}

/**
 * "Connect Wallet" when disconnected; when connected, avatar + name or short address + balance.
 * While the last account is being restored (its address stored), that address, marked busy.
 * Either way a click opens the modal (Connect or Account).
 *
 * @example <ConnectButton showBalance={false} />
 */
export function ConnectButton({ label, showBalance = true, className, themeMode }: ConnectButtonProps) {
  const portico = usePortico('ConnectButton')
  const theme = useButtonTheme(themeMode)
  const t = useStrings()
  const format = useFormat()
  const account = useAccount()
  const avatarImage = useImageSource(account.profileImage)
  useDocumentStyles()
  const cls = className ? `portico-button ${className}` : 'portico-button'
  // Restoring the last account (stored; with cookie storage also on the server): show it, busy.
  const restoring = account.status === 'reconnecting' && Boolean(account.address)
  if (!account.isConnected && !restoring) {
    const busy = account.status === 'connecting' || account.status === 'reconnecting'
    return (
      <button
        type="button"
        className={cls}
        data-variant="primary"
        data-portico-button="connect"
        data-theme={theme}
        aria-haspopup="dialog"
        aria-busy={busy || undefined}
        onClick={() => void portico.open()}
      >
        {busy ? <span className="portico-button-spinner" aria-hidden="true" /> : null}
        {label ?? t('connectWallet')}
      </button>
    )
  }
  const image = avatarImage.src
  return (
    <button
      type="button"
      className={cls}
      data-variant="account"
      data-portico-button="account"
      data-theme={theme}
      aria-haspopup="dialog"
      aria-busy={restoring || undefined}
      onClick={() => void portico.open()}
    >
      {image ? (
        <img className="portico-button-avatar" src={image} alt="" onError={avatarImage.onError} />
      ) : (
        <span
          className="portico-button-avatar"
          data-variant={avatarVariant(account.address)}
          aria-hidden="true"
        />
      )}
      <span>
        {displayName(account.profileName, account.user?.email ?? account.user?.userName, account.address)}
      </span>
      {showBalance && account.balance !== undefined ? (
        <span className="portico-button-balance">
          {format.tokenAmount(account.balance)} {account.balanceSymbol}
        </span>
      ) : null}
    </button>
  )
}

/**
 * The active network; opens Networks (or UnsupportedChain when the wallet is on a chain not configured).
 *
 * @example <NetworkButton />
 */
export function NetworkButton({ className, themeMode }: { className?: string; themeMode?: ThemeMode }) {
  const portico = usePortico('NetworkButton')
  const theme = useButtonTheme(themeMode)
  const t = useStrings()
  const { network, isUnsupported } = useNetwork()
  useDocumentStyles()
  const name = isUnsupported ? t('wrongNetwork') : (network?.name ?? t('selectNetwork'))
  return (
    <button
      type="button"
      className={className ? `portico-button ${className}` : 'portico-button'}
      data-variant="network"
      data-portico-button="network"
      data-theme={theme}
      data-unsupported={isUnsupported ? '' : undefined}
      aria-haspopup="dialog"
      aria-label={t('networkButtonLabel', { name })}
      onClick={() => void portico.open({ view: isUnsupported ? 'UnsupportedChain' : 'Networks' })}
    >
      <span className="portico-button-dot" aria-hidden="true">
        {name.charAt(0)}
      </span>
      <span>{name}</span>
    </button>
  )
}
