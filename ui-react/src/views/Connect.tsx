import type { Connector } from '@portico/core'
import { usePortico } from '../context/index.js'
import { useConnectors } from '../hooks/index.js'
import { useStrings } from '../i18n/index.js'
import { useViewTitle } from '../modal/title.js'
import { WalletIcon } from './parts.js'

/** Installed wallets first, then the recent one, then the rest; stable otherwise. */
export function sortConnectors(list: readonly Connector[], recentId: string | undefined): Connector[] {
  const rank = (c: Connector) => (c.installed || c.type === 'ANNOUNCED' ? 0 : 2) - (c.id === recentId ? 1 : 0)
  return [...list].sort((a, b) => rank(a) - rank(b))
}

/** Connect (initial view): installed EIP-6963 wallets first with their icons, recent marked, All Wallets. */
export function ConnectView() {
  const portico = usePortico()
  const t = useStrings()
  const { connectors, recentConnectorId } = useConnectors()
  useViewTitle(t('connectTitle'))
  const list = sortConnectors(connectors, recentConnectorId)
  return (
    <>
      <ul className="list" aria-label={t('walletListLabel')}>
        {list.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              className="row"
              data-connector-id={c.id}
              onClick={() => portico.router.push('ConnectingExternal', { connectorId: c.id })}
            >
              <WalletIcon connector={c} />
              <span className="row-label">{c.name}</span>
              {c.id === recentConnectorId ? (
                <span className="tag">{t('recent')}</span>
              ) : c.installed || c.type === 'ANNOUNCED' ? (
                <span className="tag" data-tone="muted">
                  {t('installed')}
                </span>
              ) : null}
            </button>
          </li>
        ))}
        <li>
          <button type="button" className="row" onClick={() => portico.router.push('AllWallets')}>
            <span className="wallet-icon grid-icon" aria-hidden="true">
              <span />
              <span />
              <span />
              <span />
            </span>
            <span className="row-label">{t('allWallets')}</span>
          </button>
        </li>
      </ul>
      {list.length === 0 ? <p className="note">{t('noWallets')}</p> : null}
      <p className="note">{t('termsNote')}</p>
    </>
  )
}
