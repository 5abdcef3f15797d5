import { type ChainNamespace, type Connector, getConnectMethodsOrder, type ViewName } from '@portico/core'
import { Suspense, useEffect } from 'react'
import { usePortico } from '../context/index.js'
import { useConnections, useConnectors } from '../hooks/index.js'
import { useStrings } from '../i18n/index.js'
import { useViewTitle } from '../modal/title.js'
import { NoWallet } from './NoWallet.js'
import { InlineView, preloadView, preloadViewStyles } from './outlet.js'
import { namespaceLabel, WalletIcon } from './parts.js'

/** The inline email-login field a plugin may register (`@portico/plugin-embedded-wallet`). */
const EMAIL_FIELD_VIEW = 'ConnectEmail' as ViewName

/** Installed wallets first, then the recent one, then the rest; stable otherwise. */
export function sortConnectors(list: readonly Connector[], recentId: string | undefined): Connector[] {
  const rank = (c: Connector) => (c.installed || c.type === 'ANNOUNCED' ? 0 : 2) - (c.id === recentId ? 1 : 0)
  return [...list].sort((a, b) => rank(a) - rank(b))
}

export interface ConnectorGroup {
  /** The chain namespace of the group; undefined for connectors that span chains (WalletConnect). */
  namespace: ChainNamespace | undefined
  connectors: Connector[]
}

/**
 * Groups the wallets by chain: one group per namespace in first-seen order,
 * then the multi-chain connectors (a WalletConnect connector is listed once per
 * namespace by its provider; it becomes one row here).
 */
export function groupConnectors(sorted: readonly Connector[]): ConnectorGroup[] {
  const groups = new Map<ChainNamespace, Connector[]>()
  const multi: Connector[] = []
  for (const c of sorted) {
    if (c.type === 'WALLET_CONNECT') {
      if (!multi.some((m) => m.id === c.id)) multi.push(c)
      continue
    }
    const list = groups.get(c.chain) ?? []
    if (!list.some((m) => m.id === c.id)) list.push(c)
    groups.set(c.chain, list)
  }
  const out: ConnectorGroup[] = [...groups].map(([namespace, connectors]) => ({ namespace, connectors }))
  if (multi.length) out.push({ namespace: undefined, connectors: multi })
  return out
}

/**
 * Connect (initial view): installed wallets first with their icons, recent
 * marked; grouped by chain when wallets of several chains are offered;
 * WalletConnect once (it leads to its QR view); "All Wallets" when a plugin
 * provides the wallet directory view (`@portico/plugin-walletconnect`).
 */
export function ConnectView() {
  const portico = usePortico()
  const t = useStrings()
  const { connectors: all, recentConnectorId } = useConnectors()
  const { connections, switchConnection } = useConnections()
  useViewTitle(t('connectTitle'))
  // Login connectors (the embedded wallet's) are not wallets to pick: their plugin shows its own field.
  const connectors = all.filter((c) => c.type !== 'AUTH')
  const groups = groupConnectors(sortConnectors(connectors, recentConnectorId))
  const hasEmail = portico.getViewLoader?.(EMAIL_FIELD_VIEW) !== undefined
  const installed = connectors.some((c) => c.installed || c.type === 'ANNOUNCED')
  // SPEC §2: email, social, wallet; wallet first when browser wallets are installed.
  const emailFirst = getConnectMethodsOrder({ hasInstalledWallets: installed })[0] === 'email'
  const email = hasEmail ? (
    <Suspense fallback={null}>
      <InlineView portico={portico} view={EMAIL_FIELD_VIEW} />
    </Suspense>
  ) : null
  const labelled = groups.length > 1
  const hasAllWallets = portico.getViewLoader?.('AllWallets') !== undefined
  const hasWcView = portico.getViewLoader?.('ConnectingWalletConnect') !== undefined
  // The All Wallets chunk loads while the visitor reads this view, so opening it paints at once.
  useEffect(() => {
    if (hasAllWallets) preloadView('AllWallets', portico)
  }, [hasAllWallets, portico])
  useEffect(preloadViewStyles, [])
  // Several wallets at once: a wallet already connected in its namespace is marked, and choosing
  // it makes it the active connection again (no second request to the wallet; SPEC §4 refuses one).
  const connectionOf = (c: Connector) =>
    c.type === 'WALLET_CONNECT'
      ? undefined
      : connections.find((k) => k.namespace === c.chain && k.connectorId === c.id)
  const select = (c: Connector) => {
    const connection = connectionOf(c)
    if (connection) {
      try {
        switchConnection(connection.id)
        portico.router.reset('Account')
        return
      } catch {
        // Its namespace is busy (connecting): the attempt below says why in its own view.
      }
    }
    if (c.type === 'WALLET_CONNECT' && hasWcView) portico.router.push('ConnectingWalletConnect')
    else portico.router.push('ConnectingExternal', { connectorId: c.id })
  }
  return (
    <>
      {emailFirst ? email : null}
      {groups.map((g) => {
        const label = namespaceLabel(t, g.namespace)
        return (
          <div key={g.namespace ?? 'multi'} className="group" data-chain={g.namespace ?? 'multi'}>
            {labelled ? <h3 className="group-label">{label}</h3> : null}
            <ul className="list" aria-label={labelled ? label : t('walletListLabel')}>
              {g.connectors.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    className="row"
                    data-connector-id={c.id}
                    data-chain={g.namespace ?? 'multi'}
                    onClick={() => select(c)}
                  >
                    <WalletIcon connector={c} />
                    <span className="row-label">{c.name}</span>
                    {connectionOf(c) ? (
                      <span className="tag" data-testid="connector-connected">
                        {t('connectedTag')}
                      </span>
                    ) : c.id === recentConnectorId ? (
                      <span className="tag">{t('recent')}</span>
                    ) : c.installed || c.type === 'ANNOUNCED' ? (
                      <span className="tag" data-tone="muted">
                        {t('installed')}
                      </span>
                    ) : c.type === 'WALLET_CONNECT' ? (
                      <span className="tag" data-tone="muted">
                        {t('qrCode')}
                      </span>
                    ) : null}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )
      })}
      {hasAllWallets ? (
        <ul className="list" aria-label={t('allWallets')}>
          <li>
            <button
              type="button"
              className="row"
              data-all-wallets=""
              onPointerEnter={() => preloadView('AllWallets', portico)}
              onFocus={() => preloadView('AllWallets', portico)}
              onClick={() => portico.router.push('AllWallets')}
            >
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
      ) : null}
      {connectors.some((c) => c.installed || c.type === 'ANNOUNCED') ? null : (
        <NoWallet
          walletConnect={connectors.find((c) => c.type === 'WALLET_CONNECT')}
          onWalletConnect={select}
        />
      )}
      {emailFirst ? null : email}
      <p className="note">{t('termsNote')}</p>
    </>
  )
}
