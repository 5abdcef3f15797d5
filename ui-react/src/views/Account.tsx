import type { AccountAction } from '@portico/core'
import { type KeyboardEvent, useId } from 'react'
import { usePortico } from '../context/index.js'
import { useFormat } from '../format/index.js'
import { selectNetwork, useAccount, usePorticoState } from '../hooks/index.js'
import { type PorticoStringKey, useLocale, useStrings } from '../i18n/index.js'
import {
  ArrowDownLeftIcon,
  ArrowUpRightIcon,
  CheckIcon,
  ChevronIcon,
  CopyIcon,
  ExternalIcon,
  PowerIcon,
} from '../modal/icons.js'
import { useViewTitle } from '../modal/title.js'
import { ActivityPanel } from './Activity.js'
import { ConnectedWallets } from './connections/index.js'
import { useCopy } from './copy.js'
import { displayName } from './displayName.js'
import { Avatar, NetworkDot } from './identity.js'
import { NftsPanel } from './nfts/index.js'
import { AccountTypeRow } from './smart-account/index.js'
import { TokenList } from './TokenList.js'

const TABS: PorticoStringKey[] = ['tabTokens', 'tabNfts', 'tabActivity']
const COPY_LABEL = { idle: 'copyAddress', copied: 'copied', failed: 'copyFailed' } as const

/**
 * Account: identity, balance, copy + explorer; the actions (Send, Receive, the plugins') right
 * under the balance; the network; the connected wallets; tabs Tokens / NFTs / Activity; then
 * sessions, help and disconnect.
 */
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
  const { state: copied, copy } = useCopy()
  const ids = useId()
  useViewTitle(t('accountTitle'))

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
          <button
            type="button"
            className="chip"
            onClick={() => account.address && void copy(account.address)}
            aria-label={t(COPY_LABEL[copied])}
          >
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
      {/* The actions come first, right under the balance: Send and Receive for every namespace
          (through portico.send / the connected address), then the plugins' (Swap, Buy, names…). */}
      <nav className="account-actions" aria-label={t('accountActions')} data-testid="account-actions">
        <button
          type="button"
          className="account-action"
          data-action-id="send"
          onClick={() => portico.router.push('WalletSend')}
        >
          <ArrowUpRightIcon />
          {t('sendAction')}
        </button>
        <button
          type="button"
          className="account-action"
          data-action-id="receive"
          onClick={() => portico.router.push('Receive')}
        >
          <ArrowDownLeftIcon />
          {t('receiveAction')}
        </button>
        {actions.map((a) => (
          <button
            key={a.id}
            type="button"
            className="account-action"
            data-action-id={a.id}
            onClick={() => (a.view ? portico.router.push(a.view) : a.onSelect?.())}
          >
            {localizedLabel(a, chain)}
          </button>
        ))}
      </nav>
      <AccountTypeRow />
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
      <ConnectedWallets />
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

/** An account action's label in the first locale of the chain it has, else its English `label`. */
function localizedLabel(action: AccountAction, chain: readonly string[]): string {
  for (const tag of chain) {
    const label = action.labels?.[tag]
    if (typeof label === 'string') return label
  }
  return action.label
}
