import type { Connector, RecommendedWallet } from '@portico/core'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { usePortico } from '../context/index.js'
import { errorText } from '../format/index.js'
import { type Translate, useStrings } from '../i18n/index.js'
import { namespaceLabel } from './parts.js'

type Load =
  | { status: 'loading' }
  | { status: 'ready'; wallets: RecommendedWallet[] }
  | { status: 'off' }
  | { status: 'error'; error: unknown }

/**
 * Next steps for a visitor with no wallet installed, instead of a dead end:
 * the directory's recommended wallets with their install links (names as
 * text, links https only — core checks them), and WalletConnect when a plugin
 * offers it. Without a directory (or when it has nothing or fails), a short
 * "What is a wallet?" and each configured adapter's well-known wallets with
 * their homepages: a next step that needs no server.
 */
export function NoWallet({
  walletConnect,
  onWalletConnect,
}: {
  walletConnect: Connector | undefined
  onWalletConnect: (c: Connector) => void
}) {
  const portico = usePortico()
  const t = useStrings()
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const wellKnown = useMemo(() => portico.getWellKnownWallets(), [portico])
  const fetchWallets = useCallback(() => {
    if (!portico.getRecommendedWallets) return setLoad({ status: 'off' })
    setLoad({ status: 'loading' })
    let live = true
    portico.getRecommendedWallets().then(
      (wallets) => live && setLoad({ status: 'ready', wallets }),
      (error: unknown) => {
        if (!live) return
        // No directory configured is a setup choice, not a failure to show.
        if ((error as { code?: unknown })?.code === 'API_NOT_CONFIGURED') setLoad({ status: 'off' })
        else setLoad({ status: 'error', error })
      },
    )
    return () => {
      live = false
    }
  }, [portico])
  useEffect(() => fetchWallets(), [fetchWallets])

  return (
    <div className="section" data-testid="no-wallet">
      <p className="note">{t('noWallets')}</p>
      {load.status === 'loading' ? (
        <p className="note" role="status" aria-busy="true">
          {t('recommendedLoading')}
        </p>
      ) : null}
      {load.status === 'error' ? (
        <div className="activity-state" role="alert" data-testid="recommended-error">
          <span className="error-text">
            {t('recommendedError')}: {errorText(load.error) ?? t('somethingWentWrong')}
          </span>
          <button type="button" className="button" data-variant="secondary" onClick={() => fetchWallets()}>
            {t('tryAgain')}
          </button>
        </div>
      ) : null}
      {load.status === 'ready' && load.wallets.length > 0 ? (
        <WalletLinks label={t('getAWallet')} wallets={load.wallets} testId="recommended-wallets" />
      ) : load.status !== 'loading' && wellKnown.length > 0 ? (
        // No directory (or it had nothing, or failed): the adapters' own lists, no server needed.
        <div className="section" data-testid="well-known-wallets">
          <h3 className="group-label">{t('whatIsAWallet')}</h3>
          <p className="note" data-testid="what-is-a-wallet">
            {t('whatIsAWalletText')}
          </p>
          {wellKnown.map(({ namespace, wallets }) => (
            <WalletLinks
              key={namespace}
              label={t('walletsFor', { name: namespaceLabel(t, namespace) })}
              wallets={wallets}
              testId={`well-known-${namespace}`}
            />
          ))}
        </div>
      ) : null}
      {walletConnect ? (
        <button
          type="button"
          className="button"
          data-variant="secondary"
          data-testid="no-wallet-walletconnect"
          onClick={() => onWalletConnect(walletConnect)}
        >
          {t('useWalletConnect', { name: walletConnect.name })}
        </button>
      ) : null}
    </div>
  )
}

/** A titled list of wallets, each with an Install link opened in a new tab with no opener. */
function WalletLinks({
  label,
  wallets,
  testId,
}: {
  label: string
  wallets: readonly RecommendedWallet[]
  testId: string
}) {
  const t: Translate = useStrings()
  return (
    <>
      <h3 className="group-label">{label}</h3>
      <ul className="list" aria-label={label} data-testid={testId}>
        {wallets.map((w) => (
          <li key={w.id} className="row">
            <span className="row-label">{w.name}</span>
            {w.installUrl ? (
              <a
                className="chip"
                href={w.installUrl}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('installWallet', { name: w.name })}
              >
                {t('install')}
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  )
}
