import type { AccountAction, ChainNamespace } from '@portico/core'
import { type KeyboardEvent, useEffect, useId, useState } from 'react'
import { usePortico } from '../context/index.js'
import { shortenAddress, useFormat } from '../format/index.js'
import { selectNetwork, useAccount, usePorticoState } from '../hooks/index.js'
import { type PorticoStringKey, useLocale, useStrings } from '../i18n/index.js'
import { CheckIcon, ChevronIcon, CopyIcon, ExternalIcon, PowerIcon } from '../modal/icons.js'
import { useViewTitle } from '../modal/title.js'
import { ActivityPanel } from './Activity.js'
import { displayName } from './displayName.js'
import { NftsPanel } from './nfts/index.js'
import { Avatar, NetworkDot, namespaceLabel } from './parts.js'
import { TokenList } from './TokenList.js'

const TABS: PorticoStringKey[] = ['tabTokens', 'tabNfts', 'tabActivity']
const COPY_LABEL = { idle: 'copyAddress', copied: 'copied', failed: 'copyFailed' } as const

/** Account: identity, copy + explorer, balance, tabs Tokens / NFTs / Activity, plugin actions, disconnect. */
export default function AccountView() {
  const portico = usePortico()
  const t = useStrings()
  const format = useFormat()
  const { chain } = useLocale()
  const account = useAccount()
  const { network } = usePorticoState((s) => selectNetwork(s))
  // An action limited to some namespaces (a swap on eip155) is not offered on another's account.
  const actions = portico
    .getAccountActions()
    .filter(
      (a) =>
        (!a.namespaces || (account.namespace !== undefined && a.namespaces.includes(account.namespace))) &&
        (!a.when || a.when(account)),
    )
  const tab = account.currentTab ?? 0
  // 'copied' only once the clipboard write resolved; 'failed' says so instead of pretending.
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle')
  const ids = useId()
  useViewTitle(t('accountTitle'))

  useEffect(() => {
    if (copied === 'idle') return
    const timer = setTimeout(() => setCopied('idle'), copied === 'copied' ? 1500 : 4000)
    return () => clearTimeout(timer)
  }, [copied])

  const setTab = (i: number) => portico.setAccountTab(i, account.namespace)
  const onTabKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return
    const next = (tab + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length
    setTab(next)
    ;(e.currentTarget.parentElement?.children[next] as HTMLElement | undefined)?.focus()
  }
  const explorer =
    account.addressExplorerUrl ??
    (network?.blockExplorers && account.address
      ? `${network.blockExplorers.default.url.replace(/\/$/, '')}/address/${account.address}`
      : undefined)
  const copy = async () => {
    if (!account.address) return
    try {
      if (!navigator.clipboard) throw new Error('the clipboard is not available on this page')
      await navigator.clipboard.writeText(account.address)
      setCopied('copied')
    } catch {
      // The visitor sees the failure on the button itself.
      setCopied('failed')
    }
  }

  return (
    <>
      <div className="profile">
        <Avatar address={account.address} image={account.profileImage} />
        <div className="identity" data-testid="account-name">
          {displayName(account.profileName, account.user?.email ?? account.user?.userName, account.address)}
        </div>
        <div className="balance" data-testid="account-balance">
          {account.balance !== undefined
            ? `${format.tokenAmount(account.balance)} ${account.balanceSymbol ?? ''}`.trim()
            : account.balanceLoading
              ? t('balanceLoading')
              : account.balanceError
                ? t('balanceUnavailable')
                : ''}
        </div>
        {account.balance === undefined && account.balanceError && !account.balanceLoading ? (
          <button
            type="button"
            className="chip"
            data-testid="account-balance-retry"
            onClick={() => void portico.refreshBalance(account.namespace)}
          >
            {t('tryAgain')}
          </button>
        ) : null}
        <div className="chip-row">
          <button type="button" className="chip" onClick={copy} aria-label={t(COPY_LABEL[copied])}>
            {copied === 'copied' ? <CheckIcon /> : <CopyIcon />}
            <span role="status">{t(COPY_LABEL[copied])}</span>
          </button>
          {explorer ? (
            <a className="chip" href={explorer} target="_blank" rel="noreferrer noopener">
              <ExternalIcon />
              {t('viewOnExplorer')}
            </a>
          ) : null}
        </div>
      </div>
      {network ? (
        <button type="button" className="row" onClick={() => portico.router.push('Networks')}>
          <NetworkDot network={network} />
          <span className="row-label">
            {network.name}
            <span className="row-sub">{t('selectNetwork')}</span>
          </span>
          <ChevronIcon />
        </button>
      ) : null}
      <Namespaces />
      <div className="tabs" role="tablist" aria-label={t('accountTabs')}>
        {TABS.map((key, i) => (
          <button
            key={key}
            type="button"
            role="tab"
            className="tab"
            id={`${ids}-tab-${i}`}
            aria-selected={tab === i}
            aria-controls={`${ids}-panel`}
            tabIndex={tab === i ? 0 : -1}
            onClick={() => setTab(i)}
            onKeyDown={onTabKey}
          >
            {t(key)}
          </button>
        ))}
      </div>
      <div className="panel" role="tabpanel" id={`${ids}-panel`} aria-labelledby={`${ids}-tab-${tab}`}>
        {tab === 0 ? (
          <TokenList />
        ) : tab === 1 ? (
          <NftsPanel
            key={`${account.address}:${network?.caipNetworkId ?? ''}`}
            namespace={account.namespace}
          />
        ) : (
          <ActivityPanel
            key={`${account.address}:${network?.caipNetworkId ?? ''}`}
            namespace={account.namespace}
          />
        )}
      </div>
      <div className="section">
        {/* Built in for every namespace: Send goes through portico.send, whatever the wallet. */}
        <button
          type="button"
          className="row"
          data-action-id="send"
          onClick={() => portico.router.push('WalletSend')}
        >
          <span className="row-label">{t('sendAction')}</span>
          <ChevronIcon />
        </button>
        {actions.map((a) => (
          <button
            key={a.id}
            type="button"
            className="row"
            data-action-id={a.id}
            onClick={() => (a.view ? portico.router.push(a.view) : a.onSelect?.())}
          >
            <span className="row-label">{localizedLabel(a, chain)}</span>
            <ChevronIcon />
          </button>
        ))}
        {account.namespace === 'eip155' && portico.getAdapter('eip155')?.sessionRevokeTypedData ? (
          <button
            type="button"
            className="row"
            data-testid="account-sessions"
            onClick={() => portico.router.push('Sessions')}
          >
            <span className="row-label">{t('accountSessions')}</span>
            <ChevronIcon />
          </button>
        ) : null}
        <button
          type="button"
          className="row"
          data-testid="account-help"
          onClick={() => portico.router.push('Help')}
        >
          <span className="row-label">{t('accountHelp')}</span>
          <ChevronIcon />
        </button>
        <button
          type="button"
          className="button"
          data-variant="danger"
          onClick={() => void portico.disconnect()}
        >
          <PowerIcon />
          {t('disconnect')}
        </button>
      </div>
    </>
  )
}

/**
 * With several chains configured: one row per namespace — the connected
 * account's address and balance, or "Connect a … wallet". Choosing another
 * connected namespace opens the modal on it, which switches the active
 * namespace (SPEC §2) instead of opening a view.
 */
function Namespaces() {
  const portico = usePortico()
  const t = useStrings()
  const format = useFormat()
  const accounts = usePorticoState((s) => s.accounts)
  const active = usePorticoState((s) => s.activeNamespace)
  const all = usePorticoState((s) => s.networks.all)
  const activeIds = usePorticoState((s) => s.networks.active)
  const namespaces = [...new Set(all.map((n) => n.chainNamespace))] as ChainNamespace[]
  if (namespaces.length < 2) return null
  return (
    <ul className="list namespaces" aria-label={t('chainsLabel')}>
      {namespaces.map((ns) => {
        const account = accounts[ns]
        const network = all.find((n) => n.caipNetworkId === activeIds[ns])
        const label = namespaceLabel(t, ns)
        const connected = account?.status === 'connected' && account.address
        return (
          <li key={ns}>
            <button
              type="button"
              className="row"
              data-namespace={ns}
              data-active={ns === active ? '' : undefined}
              aria-current={ns === active ? 'true' : undefined}
              onClick={() => {
                if (!connected) portico.router.push('Connect')
                else if (ns !== active) void portico.open({ namespace: ns })
              }}
            >
              {network ? <NetworkDot network={network} /> : null}
              <span className="row-label">
                {label}
                <span className="row-sub mono" data-testid="namespace-address">
                  {connected ? shortenAddress(account.address) : t('connectChainWallet', { name: label })}
                </span>
              </span>
              {connected ? (
                <span className="namespace-balance" data-testid="namespace-balance">
                  {account.balance !== undefined
                    ? `${format.tokenAmount(account.balance)} ${account.balanceSymbol ?? ''}`.trim()
                    : account.balanceLoading
                      ? t('balanceLoading')
                      : ''}
                </span>
              ) : null}
            </button>
          </li>
        )
      })}
    </ul>
  )
}

/** An account action's label in the first locale of the chain it has, else its English `label`. */
function localizedLabel(action: AccountAction, chain: readonly string[]): string {
  for (const tag of chain) {
    const label = action.labels?.[tag]
    if (typeof label === 'string') return label
  }
  return action.label
}
