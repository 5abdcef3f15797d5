import {
  type ChainNamespace,
  explorerUrl,
  type HistoryItem,
  type HistoryTransfer,
  type Network,
} from '@portico/core'
import { useCallback, useEffect, useRef, useState } from 'react'
import { usePortico } from '../context/index.js'
import { errorText, type Formatters, formattersFor, shortenAddress, useFormat } from '../format/index.js'
import { usePorticoState } from '../hooks/index.js'
import { type Translate, useStrings } from '../i18n/index.js'
import { ArrowDownLeftIcon, ArrowUpRightIcon, SwapIcon } from '../modal/icons.js'
import { ACTIVITY_POLL_MS, mergeFresh, useActivityPolling, usePendingItems } from './activity-live.js'

type Direction = HistoryTransfer['direction']

type Load =
  | { status: 'loading' }
  | { status: 'offline' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; items: HistoryItem[]; next: string | null; more?: 'loading' | { error: unknown } }

/** True when the instance has no gateway (`apiUrl` unset): core rejects with code API_NOT_CONFIGURED. */
function isNotConfigured(error: unknown): boolean {
  return (error as { code?: unknown } | undefined)?.code === 'API_NOT_CONFIGURED'
}

/**
 * The transfers of an item that are shown: NFT transfers flagged spam (SPEC §3 `flags.is_spam`)
 * are hidden. An item whose transfers are all spam is hidden too.
 */
export function visibleTransfers(item: HistoryItem): HistoryTransfer[] {
  return item.transfers.filter((tr) => !tr.nft_info?.flags.is_spam)
}

export function visibleItems(items: readonly HistoryItem[]): HistoryItem[] {
  return items.filter((item) => item.transfers.length === 0 || visibleTransfers(item).length > 0)
}

/** `just now`, `5 min ago`, `3 h ago`, `2 d ago`, then a short date (`Nov 3`; with the year when not this year). */
export function formatActivityDate(
  iso: string,
  now: number,
  t: Translate,
  format: Formatters = formattersFor('en'),
): string {
  const at = Date.parse(iso)
  if (Number.isNaN(at)) return ''
  const seconds = Math.max(0, Math.floor((now - at) / 1000))
  if (seconds < 60) return t('activityJustNow')
  if (seconds < 3600) return t('activityMinutesAgo', { n: format.integer(Math.floor(seconds / 60)) })
  if (seconds < 86_400) return t('activityHoursAgo', { n: format.integer(Math.floor(seconds / 3600)) })
  if (seconds < 7 * 86_400) return t('activityDaysAgo', { n: format.integer(Math.floor(seconds / 86_400)) })
  const date = new Date(at)
  const sameYear = date.getFullYear() === new Date(now).getFullYear()
  return format.shortDate(date, !sameYear)
}

/** The explorer page of a transaction, when its network has an explorer. */
export function transactionUrl(network: Network | undefined, hash: string): string | undefined {
  // The hash comes from the gateway: encoded into the network's own explorer path, never spliced raw.
  return hash ? explorerUrl(network, 'transaction', hash) : undefined
}

function directionOf(item: HistoryItem, transfers: HistoryTransfer[]): Direction {
  const first = transfers[0]
  if (first) return first.direction
  return item.metadata.operationType === 'receive' ? 'in' : 'out'
}

function labelOf(item: HistoryItem, direction: Direction, t: Translate): string {
  if (item.metadata.onramp) return t('activityBought')
  switch (item.metadata.operationType) {
    case 'mint':
      return t('activityMinted')
    case 'trade':
      return t('activityTraded')
    case 'approve':
      return t('activityApproved')
    case 'execute':
      if (direction !== 'in' && direction !== 'self') return t('activityExecuted')
  }
  return direction === 'in'
    ? t('activityReceived')
    : direction === 'self'
      ? t('activitySelf')
      : t('activitySent')
}

/**
 * `-0.010 ETH` / `+1.000 USDC` (truncated to 3 decimals, SPEC §5) or the NFT's name; several
 * items of one ERC-1155 token say how many (`+2 × Portico Badges #1`).
 */
function amountOf(transfer: HistoryTransfer | undefined, t: Translate, format: Formatters): string {
  if (!transfer) return ''
  const sign = transfer.direction === 'in' ? '+' : transfer.direction === 'out' ? '-' : ''
  if (transfer.nft_info) {
    const name = transfer.nft_info.name ?? t('activityNft')
    const n = transfer.quantity.numeric
    return /^[0-9]+$/.test(n) && n !== '1'
      ? `${sign}${t('activityNftCount', { n: format.integer(Number(n)), name })}`
      : `${sign}${name}`
  }
  const symbol = transfer.fungible_info?.symbol ?? ''
  return `${sign}${format.tokenAmount(transfer.quantity.numeric)} ${symbol}`.trim()
}

/**
 * Account → Activity: the connected account's transactions on the active network, from the
 * gateway through `portico.getActivity`, a page at a time. Without a gateway it keeps the
 * honest "appear here once a Portico gateway provides them" text. While open it stays live:
 * the first page is read again every `pollMs` (new items on top, a failed read said and
 * retried later), and the account's own sends show as pending until the history lists them.
 */
export function ActivityPanel({
  namespace,
  pollMs = ACTIVITY_POLL_MS,
}: {
  namespace: ChainNamespace | undefined
  pollMs?: number
}) {
  const portico = usePortico()
  const t = useStrings()
  const networks = usePorticoState((s) => s.networks.all)
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  // A request whose answer arrives after a newer one started (or after unmount) is dropped.
  const generation = useRef(0)
  useEffect(() => () => void generation.current++, [])

  const fetchFirst = useCallback(() => {
    const mine = ++generation.current
    setLoad({ status: 'loading' })
    portico.getActivity({ ...(namespace ? { namespace } : {}) }).then(
      ({ data, next }) => mine === generation.current && setLoad({ status: 'ready', items: data, next }),
      (error: unknown) =>
        mine === generation.current &&
        setLoad(isNotConfigured(error) ? { status: 'offline' } : { status: 'error', error }),
    )
  }, [portico, namespace])

  useEffect(fetchFirst, [fetchFirst])

  const onFresh = useCallback(({ data }: { data: HistoryItem[] }) => {
    setLoad((current) => {
      if (current.status !== 'ready') return current
      const items = mergeFresh(current.items, data)
      return items === current.items ? current : { ...current, items }
    })
  }, [])
  const pollProblem = useActivityPolling(namespace, load.status === 'ready', onFresh, pollMs)
  const pending = usePendingItems(namespace, load.status === 'ready' ? load.items : [])

  const loadMore = () => {
    if (load.status !== 'ready' || !load.next || load.more === 'loading') return
    const mine = ++generation.current
    const current = load
    setLoad({ ...current, more: 'loading' })
    portico.getActivity({ ...(namespace ? { namespace } : {}), cursor: current.next! }).then(
      // Functional: items a live refresh added meanwhile are kept.
      ({ data, next }) =>
        mine === generation.current &&
        setLoad((latest) => {
          const items = latest.status === 'ready' ? latest.items : current.items
          return {
            status: 'ready',
            items: [...items, ...data.filter((d) => !items.some((i) => i.id === d.id))],
            next,
          }
        }),
      (error: unknown) => mine === generation.current && setLoad({ ...current, more: { error } }),
    )
  }

  if (load.status === 'offline') return <p className="empty">{t('noActivity')}</p>
  if (load.status === 'loading') {
    return (
      <div aria-busy="true" data-testid="activity-loading">
        <span className="visually-hidden" role="status">
          {t('activityLoading')}
        </span>
        {[0, 1, 2].map((i) => (
          <div key={i} className="skeleton-row" aria-hidden="true">
            <span className="skeleton" data-shape="circle" />
            <span className="skeleton-lines">
              <span className="skeleton" data-shape="line" />
              <span className="skeleton" data-shape="short" />
            </span>
          </div>
        ))}
      </div>
    )
  }
  if (load.status === 'error') {
    return (
      <div className="activity-state" role="alert" data-testid="activity-error">
        <strong>{t('activityError')}</strong>
        <span className="error-text">{errorText(load.error) ?? t('somethingWentWrong')}</span>
        <button type="button" className="button" data-variant="secondary" onClick={fetchFirst}>
          {t('tryAgain')}
        </button>
      </div>
    )
  }

  const items = [...pending, ...visibleItems(load.items)]
  const now = Date.now()
  return (
    <>
      {pollProblem ? (
        <p className="error-text activity-state" role="status" data-testid="activity-poll-error">
          {t('activityUpdateFailed', {
            reason: errorText(pollProblem.error) ?? t('somethingWentWrong'),
            n: pollProblem.retryInS,
          })}
        </p>
      ) : null}
      {items.length === 0 && !load.next ? <p className="empty">{t('activityEmpty')}</p> : null}
      {items.length > 0 ? (
        <ul className="list activity" aria-label={t('activityListLabel')} data-testid="activity-list">
          {items.map((item) => (
            <ActivityRow
              key={item.id}
              item={item}
              now={now}
              network={networks.find((n) => n.caipNetworkId === item.metadata.chain)}
            />
          ))}
        </ul>
      ) : null}
      {load.more && load.more !== 'loading' ? (
        <p className="error-text activity-state" role="alert">
          {errorText(load.more.error) ?? t('somethingWentWrong')}
        </p>
      ) : null}
      {load.next ? (
        <button
          type="button"
          className="button activity-more"
          data-variant="secondary"
          onClick={loadMore}
          disabled={load.more === 'loading'}
          aria-busy={load.more === 'loading'}
        >
          {load.more === 'loading'
            ? t('activityLoadingMore')
            : load.more
              ? t('tryAgain')
              : t('activityLoadMore')}
        </button>
      ) : null}
    </>
  )
}

/**
 * The thumbnail of an NFT item: only the gateway's own image proxy link (`/v1/nft-image/…`)
 * is loaded, never another host a token's metadata names.
 */
export function nftThumbnailUrl(transfer: HistoryTransfer | undefined): string | undefined {
  const url = transfer?.nft_info?.content?.preview?.url
  if (!url) return undefined
  try {
    const u = new URL(url)
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.pathname.startsWith('/v1/nft-image/')
      ? url
      : undefined
  } catch {
    return undefined
  }
}

/** The row's picture: the NFT's thumbnail, or the direction arrow (also when the thumbnail fails to load). */
function ActivityIcon({ direction, thumbnail }: { direction: Direction; thumbnail: string | undefined }) {
  const [failed, setFailed] = useState<string | undefined>()
  if (thumbnail && failed !== thumbnail) {
    return (
      <span className="activity-icon activity-thumb" data-direction={direction} aria-hidden="true">
        <img
          src={thumbnail}
          alt=""
          loading="lazy"
          decoding="async"
          draggable={false}
          onError={() => setFailed(thumbnail)}
          data-testid="activity-thumb"
        />
      </span>
    )
  }
  return (
    <span className="activity-icon" data-direction={direction} aria-hidden="true">
      {direction === 'in' ? (
        <ArrowDownLeftIcon />
      ) : direction === 'self' ? (
        <SwapIcon />
      ) : (
        <ArrowUpRightIcon />
      )}
    </span>
  )
}

function ActivityRow({
  item,
  now,
  network,
}: {
  item: HistoryItem
  now: number
  network: Network | undefined
}) {
  const t = useStrings()
  const format = useFormat()
  const transfers = visibleTransfers(item)
  const direction = directionOf(item, transfers)
  const { sentFrom, sentTo, status, hash, minedAt } = item.metadata
  const onramp = item.metadata.onramp
  // An onramp purchase names its provider (plain text from the gateway), not a sending address;
  // a transaction with no other side (a Polkadot batch that only paid its fee) names none.
  const other = direction === 'in' ? sentFrom : sentTo
  const counterparty = onramp
    ? t('activityVia', { provider: onramp.provider })
    : !other
      ? ''
      : direction === 'in'
        ? t('activityFrom', { address: shortenAddress(sentFrom) })
        : t('activityTo', { address: shortenAddress(sentTo) })
  const amount = amountOf(transfers[0], t, format)
  const extra =
    transfers.length > 1
      ? `${t('activityMoreTransfers', { n: format.integer(transfers.length - 1) })} · `
      : ''
  const url = transactionUrl(network, hash)
  const content = (
    <>
      <ActivityIcon direction={direction} thumbnail={nftThumbnailUrl(transfers[0])} />
      <span className="activity-body">
        <span className="activity-line">
          <span className="activity-label">
            <span data-testid="activity-label">{labelOf(item, direction, t)}</span>
            {status !== 'confirmed' ? (
              <span
                className={status === 'failed' || status === 'dropped' ? 'activity-failed' : undefined}
                title={item.metadata.reason}
                data-testid="activity-status"
              >
                {' · '}
                {status === 'failed'
                  ? t('activityFailed')
                  : status === 'dropped'
                    ? t('activityDropped')
                    : t('activityPending')}
              </span>
            ) : null}
          </span>
          <span className="activity-amount" data-direction={direction} data-testid="activity-amount">
            {amount}
          </span>
        </span>
        <span className="activity-line row-sub">
          <span className="activity-counterparty" data-testid="activity-counterparty">
            {counterparty}
          </span>
          <span className="activity-date" data-testid="activity-date">
            {extra}
            <time dateTime={minedAt}>{formatActivityDate(minedAt, now, t, format)}</time>
          </span>
        </span>
        {/* Why it failed, in the chain's words (untrusted text from a node: rendered as text). */}
        {(status === 'failed' || status === 'dropped') && item.metadata.reason ? (
          <span className="activity-line row-sub activity-failed" data-testid="activity-reason">
            {item.metadata.reason}
          </span>
        ) : null}
      </span>
    </>
  )
  return (
    <li data-activity-id={item.id}>
      {url ? (
        <a
          className="activity-row"
          href={url}
          target="_blank"
          rel="noreferrer noopener"
          title={t('activityViewTransaction', { hash: shortenAddress(hash) })}
        >
          {content}
        </a>
      ) : (
        <div className="activity-row">{content}</div>
      )}
    </li>
  )
}
